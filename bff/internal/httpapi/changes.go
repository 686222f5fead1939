package httpapi

import (
	"context"
	"slices"

	"github.com/jakarobotics/website/bff/internal/publish"
)

// applyContentChanges drops what this replica and the shared tier keep of the changed items: the
// content answers that show them and the pages rendered from those answers, and has the dropped
// pages rendered again in the background (the warm-up). It returns how many answers and pages
// this replica dropped. A kind the site does not know drops nothing.
func (s *Server) applyContentChanges(ctx context.Context, changes []publish.Change) int {
	var tags []string
	for _, c := range changes {
		t, ok := s.contents.ChangeTags(c.Kind, c.ID)
		if !ok {
			s.Log.Warn("a change of an unknown kind of content is ignored", "kind", c.Kind)
			continue
		}
		tags = append(tags, t...)
	}
	if len(tags) == 0 {
		return 0
	}
	slices.Sort(tags)
	tags = slices.Compact(tags)
	dropped, err := s.contents.Drop(ctx, tags)
	if err != nil {
		s.Log.Warn("changed content stays in the shared cache until it expires", "err", err)
	}
	if s.pageHandler != nil {
		pages := s.pageHandler.Drop(ctx, tags)
		dropped += len(pages)
		if s.warmer != nil {
			s.warmer.RewarmDropped(pages)
		}
	}
	return dropped
}
