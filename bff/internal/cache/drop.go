package cache

import (
	"context"
	"slices"
)

// EverythingTag is the tag of an answer that cannot say what it was built from: every Drop
// removes it.
const EverythingTag = "*"

// Drop removes every entry that carries one of tags (or EverythingTag) from this cache and from
// its shared tier, and returns the keys of the entries of this cache it removed. It is how a change of
// what answers were built from (an editor's publish) reaches the answers at once instead of
// when they expire. An answer being fetched while Drop runs is served to those who asked for it
// but stored as already stale, since it may have been built from what was dropped.
//
// A shared tier that fails keeps its answers until they expire; the error is returned, and the
// entries of this cache are removed all the same.
func (c *Cache) Drop(ctx context.Context, tags []string) ([]string, error) {
	if len(tags) == 0 {
		return nil, nil
	}
	c.drops.Add(1)
	wanted := make(map[string]bool, len(tags)+1)
	for _, t := range tags {
		wanted[t] = true
	}
	wanted[EverythingTag] = true
	c.mu.Lock()
	var removed []string
	for _, it := range c.items {
		if slices.ContainsFunc(it.entry.Tags, func(t string) bool { return wanted[t] }) {
			c.unlink(it)
			removed = append(removed, it.key)
		}
	}
	c.mu.Unlock()
	if c.shared == nil || c.Generation != nil {
		return removed, nil
	}
	return removed, c.shared.Drop(ctx, append(slices.Clone(tags), EverythingTag))
}
