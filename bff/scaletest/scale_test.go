//go:build scale && linux

// Package scaletest proves, with real processes, that several BFF replicas behind a load
// balancer behave as one site: Redis (with its append-only file) on a loopback port, the
// stand-ins of the legacy systems once (bin/legacy), three production BFFs (bin/bff) sharing
// Redis, and nginx round robin in front of them. Every request of a scenario goes through nginx
// unless it says which replica it asks directly.
//
// It builds nothing: make test-scale builds bin/bff, bin/legacy and web/dist first and installs
// Debian's redis-server and nginx when they are missing. The build tag keeps it out of
// `go test ./...`:
//
//	make test-scale
//	go test -tags scale -count=1 -v ./bff/scaletest/                  # after make build
//	go test -tags scale -count=1 -v ./bff/scaletest/ -run 'Scale/leads'
//
// SCALE_BFF_BIN and SCALE_LEGACY_BIN point at other binaries than bin/bff and bin/legacy.
package scaletest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// TestScale runs the scenarios on one cluster, in an order that keeps each one's premises: the
// leads scenario kills a replica for good, so it comes last.
func TestScale(t *testing.T) {
	started := time.Now()
	c := startCluster(t)
	t.Run("limit", c.sharedLimit)
	t.Run("session", c.sharedSession)
	t.Run("content", c.contentStampede)
	t.Run("pages", c.onePagePerFleet)
	t.Run("redis-restart", c.redisRestart)
	t.Run("publish", c.publishReachesEveryReplica)
	t.Run("leads", c.leadsSurviveADeadReplica)
	t.Logf("the whole run took %s", time.Since(started).Round(time.Millisecond))
}

// codeRequest asks for a registration code for phone through nginx (a phone nobody registered:
// the code is sent, and counts against the phone's limit).
func (c *cluster) codeRequest(t *testing.T, phone string) answer {
	t.Helper()
	return c.codeRequestAt(t, c.base, phone)
}

// codeRequestAt is codeRequest sent to base: nginx's address or a replica's.
func (c *cluster) codeRequestAt(t *testing.T, base, phone string) answer {
	t.Helper()
	return c.must(t, "POST", base+"/prod-api/login/phoneVerificationCode", map[string]string{"phone": phone, "purpose": "register"})
}

// exhaustCodes asks for codeLimit codes for phone through nginx, each of which must be sent, and
// returns the replicas that answered.
func (c *cluster) exhaustCodes(t *testing.T, phone string) map[string]int {
	t.Helper()
	served := map[string]int{}
	for i := range codeLimit {
		a := c.codeRequest(t, phone)
		if a.status != http.StatusOK {
			t.Fatalf("code %d of %d for %s: %d %.300s (from %s)", i+1, codeLimit, phone, a.status, a.body, a.replica)
		}
		served[a.replica]++
	}
	return served
}

// expectCodesRefused asks n more times for phone and fails t unless every one is refused 429
// with Retry-After; it returns the replicas that refused.
func (c *cluster) expectCodesRefused(t *testing.T, phone string, n int) map[string]int {
	t.Helper()
	refused := map[string]int{}
	for i := range n {
		a := c.codeRequest(t, phone)
		if a.status != http.StatusTooManyRequests {
			t.Errorf("code %d for %s after the limit of %d: %d %.300s (from %s), want 429", codeLimit+i+1, phone, codeLimit, a.status, a.body, a.replica)
			continue
		}
		if a.header.Get("Retry-After") == "" {
			t.Errorf("429 from %s without Retry-After", a.replica)
		}
		refused[a.replica]++
	}
	return refused
}

// sharedLimit: a limit of codeLimit codes per phone holds across the replicas. Requests go round
// robin, so each replica sees only one of the codes sent; replicas that counted alone would let
// the next ones through.
func (c *cluster) sharedLimit(t *testing.T) {
	const phone = "13900000001"
	sent := c.exhaustCodes(t, phone)
	refused := c.expectCodesRefused(t, phone, 2*replicas)
	t.Logf("limit %d codes per phone: sent by %v, the next %d refused 429 by %v", codeLimit, sent, 2*replicas, refused)
	if len(refused) != replicas {
		t.Errorf("the refusals came from %d replicas (%v), want all %d: the requests did not spread", len(refused), refused, replicas)
	}
}

// sharedSession: a session made through nginx works on every replica asked directly; a logout on
// one ends it on all of them at once, though each had just checked it (and may cache a check).
func (c *cluster) sharedSession(t *testing.T) {
	login := c.must(t, "POST", c.base+"/prod-api/login/phonePasswordLogin", map[string]string{"phone": "13800138000", "password": "Jaka@2024"})
	if login.status != http.StatusOK {
		t.Fatalf("login: %d %.300s", login.status, login.body)
	}
	var session struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal(login.envelope(t).Data, &session); err != nil || session.Token == "" {
		t.Fatalf("login without a token: %v %.300s", err, login.body)
	}
	check := func(r *replica) answer {
		return c.must(t, "POST", "http://"+r.addr+"/prod-api/login/validateToken?token="+session.Token, nil)
	}
	for _, r := range c.replicas {
		if a := check(r); a.status != http.StatusOK || !a.envelope(t).Success {
			t.Fatalf("the session made through nginx (on %s) is refused by %s: %d %.300s", login.replica, r.name, a.status, a.body)
		}
	}
	logout := c.must(t, "POST", "http://"+c.replicas[0].addr+"/prod-api/login/logout", nil, "token", session.Token)
	if logout.status != http.StatusOK {
		t.Fatalf("logout on %s: %d %.300s", c.replicas[0].name, logout.status, logout.body)
	}
	ended := 0
	for _, r := range c.replicas {
		if a := check(r); a.status != http.StatusUnauthorized {
			t.Errorf("after the logout on %s, %s still answers %d %.300s for the session, want 401", c.replicas[0].name, r.name, a.status, a.body)
		} else {
			ended++
		}
	}
	t.Logf("session made through nginx on %s, accepted by all %d replicas; after a logout on %s, refused by %d of them",
		login.replica, replicas, c.replicas[0].name, ended)
}

// contentStampede: 100 concurrent cold requests for one content answer, spread by nginx over the
// replicas, make one CMS call: the replicas share the answer and a lock around the call. (Each
// replica coalescing its own misses alone would make up to one call per replica.)
func (c *cluster) contentStampede(t *testing.T) {
	const (
		requests = 100
		// Nothing else in the test reads the product lines, in any language.
		cmsPath = "/cms/v2/product-lines"
		url     = "/prod-api/api/productCenter/productLineList"
	)
	before := c.cmsCalls(t, cmsPath)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		served   = map[string]int{}
		failures []string
		start    = make(chan struct{})
	)
	for range requests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			a, err := c.do("GET", c.base+url, nil, "lang", "ru")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				failures = append(failures, err.Error())
			case a.status != http.StatusOK:
				failures = append(failures, fmt.Sprintf("%d from %s: %.200s", a.status, a.replica, a.body))
			default:
				served[a.replica]++
			}
		}()
	}
	began := time.Now()
	close(start)
	wg.Wait()
	took := time.Since(began)
	calls := c.cmsCalls(t, cmsPath) - before
	t.Logf("%d concurrent cold requests for one content answer, answered by %v in %s: %d CMS call(s)",
		requests, served, took.Round(time.Millisecond), calls)
	if len(failures) > 0 {
		t.Errorf("%d of %d requests failed, e.g. %s", len(failures), requests, failures[0])
	}
	if len(served) != replicas {
		t.Errorf("the requests reached %d replicas (%v), want all %d", len(served), served, replicas)
	}
	if calls > replicas {
		t.Errorf("%d CMS calls: more than one per replica, the replicas' own coalescing failed", calls)
	}
	if calls != 1 {
		t.Errorf("%d CMS calls, want 1: the replicas do not share the answer and a lock around the CMS call", calls)
	}
}

// cmsCalls is how many calls of path the content stand-in has had.
func (c *cluster) cmsCalls(t *testing.T, path string) int64 {
	t.Helper()
	var out struct {
		Calls int64 `json:"calls"`
	}
	c.legacyJSON(t, "content", "/__admin/calls?path="+path, &out)
	return out.Calls
}

// redisRestart: Redis dies (SIGKILL) and is started again on the same port with the same
// directory. While it is down, the replicas serve pages and API reads through nginx as before,
// never a 5xx (a code request is limited by each replica's own memory meanwhile);
// afterwards they use Redis again without a restart of their own: a limit reached before the
// outage (kept in the append-only file) still refuses on every replica, and a new limit is
// shared again.
func (c *cluster) redisRestart(t *testing.T) {
	const (
		before = "13900000002" // its limit is reached before the outage
		during = "13900000003" // asked for during the outage (each replica's own memory answers)
	)
	c.exhaustCodes(t, before)

	killed := time.Now()
	c.redis.Kill()
	restarted := false
	defer func() {
		if !restarted { // a failed check must not leave the next scenario without Redis
			c.redis.Restart(t)
		}
	}()

	// Each kind of request 2×replicas times in a row: round robin hands each replica two.
	reads := []struct {
		method, path, lang string
		want               int
	}{
		{"GET", "/en/index", "", http.StatusOK},                                                    // the home page
		{"GET", "/en/productList", "", http.StatusOK},                                              // a page
		{"GET", "/prod-api/api/productCenter/productLineList", "ru", http.StatusOK},                // cached before the outage
		{"GET", "/prod-api/api/programa/buildProgramaTree/8", "de", http.StatusOK},                 // cold: read from the CMS now
		{"POST", "/prod-api/login/phoneVerificationCode", "", http.StatusOK},                       // two per replica: under the limit
		{"POST", "/prod-api/login/validateToken?token=not-a-session", "", http.StatusUnauthorized}, // the token check
	}
	counts := map[string]map[int]int{}      // path → status → count
	servedBy := map[string]map[string]int{} // path → replica → count
	for _, r := range reads {
		counts[r.path] = map[int]int{}
		servedBy[r.path] = map[string]int{}
		for range 2 * replicas {
			var body any
			if strings.HasSuffix(r.path, "phoneVerificationCode") {
				body = map[string]string{"phone": during, "purpose": "register"}
			}
			headers := []string{}
			if r.lang != "" {
				headers = append(headers, "lang", r.lang)
			}
			a, err := c.do(r.method, c.base+r.path, body, headers...)
			if err != nil {
				t.Errorf("during the outage, %s %s: %v", r.method, r.path, err)
				continue
			}
			counts[r.path][a.status]++
			servedBy[r.path][a.replica]++
			if a.status != r.want {
				t.Errorf("during the outage, %s %s: %d from %s, want %d: %.300s", r.method, r.path, a.status, a.replica, r.want, a.body)
			}
			if !strings.HasPrefix(r.path, "/prod-api") && !strings.Contains(string(a.body), "<h1>"+r.path+"</h1>") {
				t.Errorf("during the outage, %s from %s is not the rendered page (each replica renders for itself): %.300s", r.path, a.replica, a.body)
			}
		}
		if len(servedBy[r.path]) != replicas {
			t.Errorf("during the outage %s %s reached %v, want all %d replicas", r.method, r.path, servedBy[r.path], replicas)
		}
	}
	ready := map[string]int{}
	for _, r := range c.replicas {
		resp, err := c.client.Get("http://" + r.admin + "/readyz")
		if err == nil {
			ready[r.name] = resp.StatusCode
			_ = resp.Body.Close()
		}
	}
	t.Logf("during the outage (%s): answers by path and status %v; readiness %v",
		time.Since(killed).Round(time.Millisecond), counts, ready)

	c.redis.Restart(t)
	restarted = true
	back := time.Now()
	// A replica may keep to its own memory for a moment after Redis failed it (its client
	// pauses rather than wait for a Redis that is away on every request). What is waited for is
	// the behaviour: a new limit, asked for on each replica in turn, holds across all of them.
	// Each try takes a phone of its own, so that a try answered from a replica's memory leaves
	// nothing behind that the next one could mistake for a shared limit.
	tries := 0
	waitFor(t, "a limit shared again by every replica after Redis's restart", 20*time.Second, nil, func() error {
		tries++
		phone := fmt.Sprintf("1390001%04d", tries)
		for i := range codeLimit {
			r := c.replicas[i%replicas]
			if a := c.codeRequestAt(t, "http://"+r.addr, phone); a.status != http.StatusOK {
				t.Fatalf("code %d of %d for %s on %s: %d %.300s", i+1, codeLimit, phone, r.name, a.status, a.body)
			}
		}
		for _, r := range c.replicas {
			if a := c.codeRequestAt(t, "http://"+r.addr, phone); a.status != http.StatusTooManyRequests {
				return fmt.Errorf("%s answered %d to the code after the limit", r.name, a.status)
			}
		}
		return nil
	})
	recovered := time.Since(back)
	// The limit reached before the outage was kept by Redis's append-only file.
	kept := 0
	for _, r := range c.replicas {
		if a := c.codeRequestAt(t, "http://"+r.addr, before); a.status != http.StatusTooManyRequests {
			t.Errorf("after the restart, %s answers %d to a code for %s, whose limit was reached before the outage: %.300s", r.name, a.status, before, a.body)
		} else {
			kept++
		}
	}
	t.Logf("Redis down %s; after its restart a new limit held across every replica again %s later (try %d), and the limit reached before the outage refused on %d of %d replicas",
		back.Sub(killed).Round(time.Millisecond), recovered.Round(time.Millisecond), tries, kept, replicas)
}

// onePagePerFleet: 100 distinct pages, each asked of every replica in turn (round robin through
// nginx), are rendered 100 times, not 300: a page one replica rendered, the others read from
// Redis.
func (c *cluster) onePagePerFleet(t *testing.T) {
	const pages = 100
	const prefix = "/en/newsDetail/"
	before := c.renderer.total(prefix)
	started := time.Now()
	servedBy := map[string]int{}
	for i := range pages {
		path := fmt.Sprintf("%s%d", prefix, 9000+i)
		for range replicas {
			a := c.must(t, "GET", c.base+path, nil)
			if a.status != http.StatusOK || !strings.Contains(string(a.body), "<h1>"+path+"</h1>") {
				t.Fatalf("GET %s: %d from %s, want the rendered page: %.300s", path, a.status, a.replica, a.body)
			}
			servedBy[a.replica]++
		}
	}
	renders := c.renderer.total(prefix) - before
	t.Logf("%d pages asked %d times each (%v) in %s: %d renders", pages, replicas, servedBy, time.Since(started).Round(time.Millisecond), renders)
	if len(servedBy) != replicas {
		t.Errorf("the requests reached %v, want all %d replicas", servedBy, replicas)
	}
	if renders != pages {
		t.Errorf("%d renders of %d pages, want %d: each page once for the fleet", renders, pages, pages)
	}
}

// publishReachesEveryReplica: an editor renames a product in the CMS stand-in, which notifies
// the site through nginx; the replica nginx picks takes the notification and passes it on
// through Redis (subscribed again since Redis's restart), so that every replica applies it
// exactly once: one replica counts a taken delivery, the others an applied broadcast.
func (c *cluster) publishReachesEveryReplica(t *testing.T) {
	counts := func() (taken, passedOn map[string]float64) {
		taken, passedOn = map[string]float64{}, map[string]float64{}
		for _, r := range c.replicas {
			m := c.metrics(t, r)
			taken[r.name] = m[`bff_cms_webhooks_total{outcome="ok"}`]
			passedOn[r.name] = m["bff_cms_broadcasts_applied_total"]
		}
		return taken, passedOn
	}
	const page, newName = "/en/productDetails/201", "JAKA Pro 5 (scale)"
	// The product's page, rendered once for the fleet and cached by every replica.
	for _, r := range c.replicas {
		if a := c.must(t, "GET", "http://"+r.addr+page, nil); a.status != http.StatusOK || strings.Contains(string(a.body), newName) {
			t.Fatalf("GET %s on %s before the change: %d %.300s", page, r.name, a.status, a.body)
		}
	}
	takenBefore, passedBefore := counts()
	started := time.Now()
	a, err := c.do("POST", c.legacy["content"]+"/__admin/products/201", map[string]string{"name": newName})
	if err != nil || a.status != http.StatusOK {
		t.Fatalf("renaming a product in the CMS: %v %d %.300s", err, a.status, a.body)
	}
	var took time.Duration
	waitFor(t, "every replica applied the change", 10*time.Second, nil, func() error {
		taken, passedOn := counts()
		applied := 0
		for _, r := range c.replicas {
			if taken[r.name]+passedOn[r.name] > takenBefore[r.name]+passedBefore[r.name] {
				applied++
			}
		}
		if applied < replicas {
			return fmt.Errorf("%d of %d replicas applied it", applied, replicas)
		}
		took = time.Since(started)
		return nil
	})
	taken, passedOn := counts()
	var newTaken, newPassed float64
	for _, r := range c.replicas {
		newTaken += taken[r.name] - takenBefore[r.name]
		newPassed += passedOn[r.name] - passedBefore[r.name]
	}
	if newTaken != 1 || newPassed != replicas-1 {
		t.Errorf("one notification: %v deliveries taken and %v broadcasts applied, want 1 and %d", newTaken, newPassed, replicas-1)
	}
	t.Logf("a product renamed in the CMS was applied by all %d replicas within %s of the editor's call (taken by one, passed on to %v)",
		replicas, took.Round(time.Millisecond), newPassed)

	// Its page shows the new name on every replica: the page went with the product's content.
	fresh := map[string]time.Duration{}
	waitFor(t, "the product's page with its new name on every replica", 10*time.Second, nil, func() error {
		for _, r := range c.replicas {
			if _, done := fresh[r.name]; done {
				continue
			}
			if a := c.must(t, "GET", "http://"+r.addr+page, nil); strings.Contains(string(a.body), "<h1>"+newName+"</h1>") {
				fresh[r.name] = time.Since(started)
			}
		}
		if len(fresh) < replicas {
			return fmt.Errorf("fresh on %v", fresh)
		}
		return nil
	})
	t.Logf("the product's page showed its new name on every replica after %v", fresh)
	for name, d := range fresh {
		if d > 2*time.Second {
			t.Errorf("%s showed the new name %s after the editor's call, want within 2 s", name, d.Round(time.Millisecond))
		}
	}
}

// leadsSurviveADeadReplica: the CRM is down; 500 leads are sent through nginx, a handful at a
// time; half-way one replica is SIGKILLed and never comes back (once its outbox worker holds
// some of the queued leads, with requests in flight); then the CRM comes back. Every
// lead the site accepted (a 2xx) reaches the CRM exactly once, whichever replica took it, the
// dead one's included. A lead whose request died with the replica (nginx answers 502: the
// visitor sees an error) is sent again with the same Idempotency-Key, as the web's form does on a
// retry; then all 500 are accepted, and the CRM holds exactly 500, none twice.
func (c *cluster) leadsSurviveADeadReplica(t *testing.T) {
	const (
		total       = 500
		concurrency = 8
	)
	victim := c.replicas[len(c.replicas)-1]
	c.setDown(t, "crm", true)
	crmBack := false
	defer func() {
		if !crmBack {
			c.setDown(t, "crm", false)
		}
	}()

	type result struct {
		key     string
		status  int
		replica string
		err     error
		// duplicate is the receipt's: the site had the lead already under its key.
		duplicate bool
	}
	key := func(i int) string { return fmt.Sprintf("scale-lead-%04d", i) }
	// Each lead carries its own solved puzzle, and a retry the same one, as the web sends them.
	proofs := make([]string, total)
	for i := range proofs {
		proofs[i] = c.leadProof(t)
	}
	send := func(i int) result {
		lead := map[string]any{
			"userName": fmt.Sprintf("Visitor %d", i), "phone": "+49 151 2345678", "email": fmt.Sprintf("visitor%d@example.de", i),
			"companyName": "Schmidt GmbH", "industry": []string{"automotive"}, "companyType": "end_user",
			"comment": fmt.Sprintf("Palletising cell, enquiry %d", i), "country": "DE", "sourcePage": "/de/productList",
		}
		a, err := c.do("POST", c.base+"/prod-api/crm/addOverseasSaleClue", lead, "Idempotency-Key", key(i), "X-Lead-Proof", proofs[i])
		r := result{key: key(i), status: a.status, replica: a.replica, err: err}
		var receipt struct {
			Data struct {
				Duplicate bool `json:"duplicate"`
			} `json:"data"`
		}
		if err == nil && a.status == http.StatusOK && json.Unmarshal(a.body, &receipt) == nil {
			r.duplicate = receipt.Data.Duplicate
		}
		return r
	}

	results := make([]result, total)
	// sendAll sends the leads numbered from up to to (not included), concurrency at a time, and
	// calls then (once) when thenAfter of them have been answered: with requests still in flight.
	sendAll := func(from, to, thenAfter int, then func()) {
		var (
			next     = int64(from)
			answered atomic.Int64
			once     sync.Once
			mu       sync.Mutex
			wg       sync.WaitGroup
		)
		for range concurrency {
			wg.Go(func() {
				for {
					i := int(atomic.AddInt64(&next, 1)) - 1
					if i >= to {
						return
					}
					r := send(i)
					mu.Lock()
					results[i] = r
					mu.Unlock()
					if then != nil && answered.Add(1) == int64(thenAfter) {
						once.Do(then)
					}
				}
			})
		}
		wg.Wait()
	}
	began := time.Now()
	sendAll(0, total/2, 0, nil)
	// The victim dies with queued leads in its worker's hands (read from the shared outbox, their
	// delivery failed): the hard case, where they must be claimed from a consumer that is gone.
	held := c.awaitHeldBy(t, victim)
	var killedAt time.Time
	sendAll(total/2, total, 2*concurrency, func() { victim.kill(t); killedAt = time.Now() })
	sent := time.Since(began)

	accepted := map[string]bool{}
	acceptedBy := map[string]int{}
	failedBy := map[string]int{}
	failedStatus := map[int]int{}
	var retry []int
	for i, r := range results {
		if r.err == nil && r.status/100 == 2 {
			accepted[r.key] = true
			acceptedBy[r.replica]++
			continue
		}
		retry = append(retry, i)
		failedBy[r.replica]++
		failedStatus[r.status]++
		// Only the dead replica may fail a lead: the live ones take every one, the CRM being down.
		if r.err != nil || r.replica != victim.name {
			t.Errorf("lead %s failed on %s (not the killed %s): status %d, err %v", r.key, r.replica, victim.name, r.status, r.err)
		}
	}
	firstTry := len(accepted)
	t.Logf("%d leads sent in %s with the CRM down, %s killed after %d (at %s, holding at least %d queued leads in its worker's hands): %d accepted (by %v), %d failed (by %v, statuses %v)",
		total, sent.Round(time.Millisecond), victim.name, total/2+2*concurrency, killedAt.Sub(began).Round(time.Millisecond), held,
		firstTry, acceptedBy, len(retry), failedBy, failedStatus)
	if acceptedBy[victim.name] == 0 {
		t.Errorf("the killed replica had accepted no lead before it died: the scenario proves nothing")
	}
	// The visitors whose request failed send it again, with the same key. A lead the dead
	// replica had filed before it died is answered as a duplicate by the live one.
	known := 0
	for _, i := range retry {
		r := send(i)
		if r.err != nil || r.status/100 != 2 {
			t.Errorf("lead %s sent again: status %d from %s, err %v", r.key, r.status, r.replica, r.err)
			continue
		}
		accepted[r.key] = true
		if r.duplicate {
			known++
		}
	}
	if len(retry) > 0 {
		t.Logf("the %d leads sent again were accepted, %d of them known already (filed by %s before it died)", len(retry), known, victim.name)
	}

	c.setDown(t, "crm", false)
	crmBack = true
	up := time.Now()
	var clues []struct {
		Key string `json:"idempotencyKey"`
	}
	arrived := func() (map[string]int, int) {
		var leads struct {
			Clues []struct {
				Key string `json:"idempotencyKey"`
			} `json:"clues"`
		}
		c.legacyJSON(t, "crm", "/__admin/leads", &leads)
		clues = leads.Clues
		byKey := map[string]int{}
		for _, cl := range clues {
			byKey[cl.Key]++
		}
		delivered := 0
		for k := range accepted {
			if byKey[k] > 0 {
				delivered++
			}
		}
		return byKey, delivered
	}
	var byKey map[string]int
	waitFor(t, fmt.Sprintf("the %d accepted leads at the CRM", len(accepted)), 60*time.Second, nil, func() error {
		var delivered int
		byKey, delivered = arrived()
		if delivered < len(accepted) {
			return fmt.Errorf("%d of %d accepted leads at the CRM", delivered, len(accepted))
		}
		return nil
	})
	deliveredIn := time.Since(up)
	// Deliveries still under way would show up as more leads: one more look after the last one.
	byKey, _ = arrived()
	twice := 0
	for k, n := range byKey {
		if n > 1 {
			twice++
			t.Errorf("lead %s is at the CRM %d times", k, n)
		}
		if !strings.HasPrefix(k, "scale-lead-") {
			t.Errorf("the CRM holds a lead with key %q that was never sent", k)
		}
	}
	t.Logf("CRM back: all %d accepted leads (%d at the first try, %d sent again) at the CRM %s later; %d clues there, %d keys more than once",
		len(accepted), firstTry, len(retry), deliveredIn.Round(time.Millisecond), len(clues), twice)
	if len(accepted) != total {
		t.Errorf("%d of %d leads accepted after the retries", len(accepted), total)
	}
	if len(clues) != total {
		keys := make([]string, 0, len(byKey))
		for k := range byKey {
			if !accepted[k] {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		t.Errorf("the CRM holds %d clues, want exactly %d (keys never accepted: %v)", len(clues), total, keys)
	}

	// The CRM stores each key once whatever it is sent, so the clues alone cannot show a lead
	// sent twice; the replicas' own counts can: a second delivery of a key is answered
	// "duplicate". The dead replica delivered nothing (the CRM was down while it lived), so the
	// live ones account for every delivery.
	var live []*replica
	for _, r := range c.replicas {
		if r != victim {
			live = append(live, r)
		}
	}
	var delivered, duplicate float64
	waitFor(t, "the live replicas' count of the deliveries", 10*time.Second, nil, func() error {
		delivered, duplicate = 0, 0
		for _, r := range live {
			m := c.metrics(t, r)
			delivered += m[`bff_outbox_deliveries_total{result="delivered"}`]
			duplicate += m[`bff_outbox_deliveries_total{result="duplicate"}`]
		}
		if delivered+duplicate < total {
			return fmt.Errorf("%v delivered and %v duplicate deliveries counted", delivered, duplicate)
		}
		return nil
	})
	t.Logf("deliveries counted by the live replicas: %v delivered, %v answered duplicate by the CRM", delivered, duplicate)
	if delivered != total || duplicate != 0 {
		t.Errorf("%v deliveries and %v duplicates, want %d deliveries, each lead sent once", delivered, duplicate, total)
	}
}

// metrics reads the samples of a replica's /metrics (admin port): name{labels} → value.
func (c *cluster) metrics(t *testing.T, r *replica) map[string]float64 {
	t.Helper()
	resp, err := c.client.Get("http://" + r.admin + "/metrics")
	if err != nil {
		t.Fatalf("metrics of %s: %v", r.name, err)
	}
	defer resp.Body.Close()
	out := map[string]float64{}
	lines := bufio.NewScanner(resp.Body)
	for lines.Scan() {
		line := lines.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			out[line[:i]] = v
		}
	}
	if err := lines.Err(); err != nil {
		t.Fatalf("metrics of %s: %v", r.name, err)
	}
	return out
}

// awaitHeldBy waits until the consumer of r's outbox worker holds queued writes in the shared
// outbox (its pending list in the consumer group of a stream under the test's REDIS_PREFIX) and
// returns how many. It waits for nothing when Redis holds no such stream (an outbox that is not
// shared).
func (c *cluster) awaitHeldBy(t *testing.T, r *replica) int64 {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: c.redis.Addr})
	defer rdb.Close()
	ctx := context.Background()
	type streamGroup struct{ stream, group string }
	var groups []streamGroup
	iter := rdb.ScanType(ctx, 0, redisPrefix+"*", 100, "stream").Iterator()
	for iter.Next(ctx) {
		found, _ := rdb.XInfoGroups(ctx, iter.Val()).Result()
		for _, g := range found {
			groups = append(groups, streamGroup{iter.Val(), g.Name})
		}
	}
	if err := iter.Err(); err != nil {
		t.Fatalf("streams in Redis: %v", err)
	}
	if len(groups) == 0 {
		t.Logf("no shared outbox in Redis (no stream with a consumer group under %q)", redisPrefix)
		return 0
	}
	// The workers' consumers are named host-pid-random: r's by its process id.
	mark := fmt.Sprintf("-%d-", r.proc.cmd.Process.Pid)
	var held int64
	waitFor(t, r.name+"'s outbox worker holding queued writes", 20*time.Second, r.proc, func() error {
		held = 0
		for _, g := range groups {
			p, err := rdb.XPending(ctx, g.stream, g.group).Result()
			if err != nil {
				return err
			}
			for consumer, n := range p.Consumers {
				if strings.Contains(consumer, mark) {
					held += n
				}
			}
		}
		if held == 0 {
			return fmt.Errorf("no consumer with %q holds a write", mark)
		}
		return nil
	})
	return held
}
