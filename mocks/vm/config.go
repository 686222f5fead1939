package vm

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Config holds the pool's timings and the shared trial password. The zero value of a field
// means its default (see DefaultConfig).
type Config struct {
	// TrialHours is how long a trial lasts once its machine is running. It is the single source
	// of the trial's length: the pool reports it with every trial and the site shows what it
	// reports, in every language. The legacy site had 4 hours in most texts and 2 hours in its
	// traditional Chinese and Thai texts; 4 is the specified length and the 2-hour texts are
	// treated as outdated copy. Default 4.
	TrialHours int
	// CreateDelay is how long a new machine takes to boot (state provisioning). Default 30 s.
	CreateDelay time.Duration
	// SwitchDelay is how long changing model or cabinet version takes (state switching): the
	// machine is rebuilt, which takes minutes. Default 3 min.
	SwitchDelay time.Duration
	// TrialPassword is the password of every trial machine, shared by all trials as the legacy
	// site's content gives it. Default "JAKA@trial2024".
	TrialPassword string
}

// DefaultConfig is the configuration of a pool without settings.
var DefaultConfig = Config{
	TrialHours:    4,
	CreateDelay:   30 * time.Second,
	SwitchDelay:   3 * time.Minute,
	TrialPassword: "JAKA@trial2024",
}

// withDefaults fills the zero fields of c from DefaultConfig.
func (c Config) withDefaults() Config {
	if c.TrialHours == 0 {
		c.TrialHours = DefaultConfig.TrialHours
	}
	if c.CreateDelay == 0 {
		c.CreateDelay = DefaultConfig.CreateDelay
	}
	if c.SwitchDelay == 0 {
		c.SwitchDelay = DefaultConfig.SwitchDelay
	}
	if c.TrialPassword == "" {
		c.TrialPassword = DefaultConfig.TrialPassword
	}
	return c
}

// Environment variables of the pool when it runs as a mock (embedded in the BFF or standalone).
const (
	EnvTrialHours    = "VM_TRIAL_HOURS"
	EnvCreateDelay   = "VM_CREATE_DELAY"
	EnvSwitchDelay   = "VM_SWITCH_DELAY"
	EnvTrialPassword = "VM_TRIAL_PASSWORD"
)

// ConfigFromEnv reads the pool's settings through getenv (VM_TRIAL_HOURS, VM_CREATE_DELAY,
// VM_SWITCH_DELAY, VM_TRIAL_PASSWORD); unset variables keep their defaults. It reports every
// invalid setting at once.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := DefaultConfig
	var errs []error
	if v := strings.TrimSpace(getenv(EnvTrialHours)); v != "" {
		h, err := strconv.Atoi(v)
		if err != nil || h < 1 || h > 24 {
			errs = append(errs, fmt.Errorf("%s %q: want whole hours from 1 to 24", EnvTrialHours, v))
		}
		c.TrialHours = h
	}
	for _, d := range []struct {
		name string
		into *time.Duration
	}{{EnvCreateDelay, &c.CreateDelay}, {EnvSwitchDelay, &c.SwitchDelay}} {
		if v := strings.TrimSpace(getenv(d.name)); v != "" {
			parsed, err := time.ParseDuration(v)
			if err != nil || parsed <= 0 {
				errs = append(errs, fmt.Errorf("%s %q: want a positive duration such as 30s", d.name, v))
			}
			*d.into = parsed
		}
	}
	if v := getenv(EnvTrialPassword); v != "" {
		c.TrialPassword = v
	}
	return c, errors.Join(errs...)
}
