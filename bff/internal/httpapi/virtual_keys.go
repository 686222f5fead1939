package httpapi

import "github.com/jakarobotics/website/bff/internal/apierr"

// The virtual trial's failures. VirtualCreating and VirtualUpgrading double as the notices a
// trial shows while it is created or upgraded.
const (
	VirtualTrialActive    apierr.Key = "virtual.trial_active"
	VirtualNoTrial        apierr.Key = "virtual.no_trial"
	VirtualCreating       apierr.Key = "virtual.creating"
	VirtualUpgrading      apierr.Key = "virtual.upgrading"
	VirtualTrialExpired   apierr.Key = "virtual.trial_expired"
	VirtualNoChange       apierr.Key = "virtual.no_change"
	VirtualUnknownModel   apierr.Key = "virtual.unknown_model"
	VirtualUnknownCabinet apierr.Key = "virtual.unknown_cabinet"
	VirtualUnsupported    apierr.Key = "virtual.unsupported_combination"
	VirtualNoIdentity     apierr.Key = "virtual.no_identity"
)

// VirtualDataSynchronized is the success text of systemRecovery.
const VirtualDataSynchronized = "virtual.data_synchronized"
