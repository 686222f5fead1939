package repair

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// KindWorkOrder is the outbox's kind of a repair report for the work-order system. Work orders
// share the outbox of leads: one file, one worker, one idempotency memory, told apart by kind
// (see OutboxDelivery).
const KindWorkOrder = "itr.work_order"

// OutboxDelivery is the outbox's DeliverFunc for every kind it keeps: work orders (kind itr.…)
// go to workOrders, everything else (the CRM's leads and form records) to leads.
func OutboxDelivery(leads, workOrders outbox.DeliverFunc) outbox.DeliverFunc {
	return func(ctx context.Context, it outbox.Item) (outbox.Delivery, error) {
		if strings.HasPrefix(it.Kind, "itr.") {
			return workOrders(ctx, it)
		}
		return leads(ctx, it)
	}
}

// WorkOrderDelivery delivers a stored repair report to the work-order system under its
// idempotency key. A refusal (an attachment that is not the user's, a report the system will
// not take) is never retried; any other failure is.
func WorkOrderDelivery(c itr.Client) outbox.DeliverFunc {
	return func(ctx context.Context, it outbox.Item) (outbox.Delivery, error) {
		if it.Kind != KindWorkOrder {
			// Written by another version of the BFF: kept and retried, never dropped.
			return outbox.Delivery{}, fmt.Errorf("outbox item of unknown kind %q", it.Kind)
		}
		var rep itr.Report
		if err := json.Unmarshal(it.Payload, &rep); err != nil {
			return outbox.Delivery{}, outbox.Permanent(fmt.Errorf("unreadable %s: %w", it.Kind, err))
		}
		receipt, err := c.CreateWorkOrder(ctx, it.Key, rep)
		if err != nil {
			if k := apierr.From(err).Key; k == itr.AttachmentNotYours || k == itr.Rejected {
				return outbox.Delivery{}, outbox.Permanent(err)
			}
			return outbox.Delivery{}, err
		}
		// The receipt is the delivery's ref, so that a repeated submission is answered with the
		// work order the first one created.
		ref, err := json.Marshal(receipt)
		if err != nil {
			return outbox.Delivery{}, err
		}
		return outbox.Delivery{Ref: string(ref), Duplicate: receipt.Duplicate}, nil
	}
}
