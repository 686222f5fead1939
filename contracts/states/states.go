// Package states names the providers of the BFF's pacts and their provider states, once for
// both sides: the consumer tests (bff/internal/upstream/*/*_pact_test.go) name them in their
// interactions, and the provider verification (contracts) sets each of them up on the mock. A
// state renamed on one side only no longer compiles instead of failing verification.
//
// A state's name describes the situation exactly (ids, keys, codes, tokens) because the BFF
// sends those back as it received them.
package states

// The content CMS (bff/internal/upstream/content, mocks/content).
const (
	ContentProvider = "content-cms"
	// ContentPublished: the CMS holds the site's published content (the mock's seed).
	ContentPublished = "the CMS holds the site's published content"
	// ContentSDKGrant: the CMS has granted the SDK (document 5022) to user 7 under the ref
	// pact-grant-of-the-sdk-0001.
	ContentSDKGrant = "the CMS has granted the SDK (5022) to user 7 as pact-grant-of-the-sdk-0001"
	// ContentEditorLink: an editor asked the CMS for a preview link, whose token the state hands
	// the requests as previewToken.
	ContentEditorLink = "an editor holds a preview link"
)

// The content CMS's change webhook (bff/internal/publish consumes it, mocks/content/webhook.go
// sends it): a message pact, whose interactions are named by what the CMS's editor did.
const (
	ContentWebhookProvider = "content-cms-webhook"
	// ContentWebhookProductRenamed: an editor renamed product 101 in every language.
	ContentWebhookProductRenamed = "a change event: an editor renamed a product"
	// ContentWebhookNewsPublished: an editor published a news item.
	ContentWebhookNewsPublished = "a change event: an editor published a news item"
)

// The pool of simulated robots of the virtual trial (bff/internal/upstream/vm, mocks/vm). Trial
// ids are part of the state because the BFF addresses a trial by the id the pool gave it.
const (
	VMProvider     = "virtual-machine-pool"
	VMCatalogue    = "the pool simulates the robot catalogue"
	VMNoTrial      = "13800000001 has no trial"
	VMRunning      = "13800000002 has a running trial 42 of JAKA Zu 7 on CAB 3.0"
	VMProvisioning = "13800000003 has a trial 43 of JAKA Zu 5 on CAB 2.1 being created"
	VMSwitching    = "13800000004 has a trial 44 switching to JAKA Zu 12 on CAB 3.0"
	VMReleased     = "13800000005 has an ended trial 45 of JAKA Pro 5 on CAB 3.0"
	VMEmailNoTrial = "trial.user@example.com has no trial"
	VMEmailRunning = "trial.user@example.com has a running trial 46 of JAKA MiniCobo on CAB Mini"
)

// The CRM (bff/internal/upstream/crm, mocks/crm).
const (
	CRMProvider = "crm"
	// CRMEmpty: no clue or form record is stored, so that any key is new.
	CRMEmpty = "the CRM holds no clues or form records"
	// CRMClueStored: a clue was stored under the key pact-clue-stored.
	CRMClueStored = "the CRM holds a clue with idempotency key pact-clue-stored"
	// CRMRecordStored: a form record was stored under the key pact-record-stored.
	CRMRecordStored = "the CRM holds a form record with idempotency key pact-record-stored"
	// CRMReference: the CRM's region table and the academy's certificates (its seed).
	CRMReference = "the CRM holds its region table and the academy's certificates"
)

// The identity service (bff/internal/upstream/account, mocks/account). Every state starts from
// the demo accounts: 13800138000 (user 1001) and demo@jaka.example (user 1002).
const (
	AccountProvider       = "identity-service"
	AccountDemo           = "the identity service holds the demo accounts 13800138000 and demo@jaka.example"
	AccountLoggedIn       = "13800138000 is logged in with token pact-token-13800138000"
	AccountLoginCode      = "a login code 123456 was sent to 13800138000"
	AccountPhoneRegister  = "a register code 123456 was sent to 13900139000, which has no account"
	AccountEmailRegister  = "a register code 123456 was sent to erika@muster.example, which has no account"
	AccountResetCode      = "a resetPassword code 123456 was sent to demo@jaka.example"
	AccountDeregisterCode = "13800138000 is logged in with token pact-token-13800138000 and a logOff code 123456 was sent to it"
	AccountWxConfirmed    = "WeChat scene pact-scene-0001 was scanned and confirmed on the phone of 13800138000"
	AccountGoogleGrant    = "the visitor allowed the google login of alex@example.com: code pact-code-0001 for state pact-state-0001"
)

// The work-order system (bff/internal/upstream/itr, mocks/itr).
const (
	ITRProvider = "itr-work-orders"
	// ITREmpty: no attachment and no work order, so that any key is new.
	ITREmpty = "the work-order system holds no attachments or work orders"
	// ITRPhoto: account 1001 has uploaded photo att_pact_photo_0001, which no work order uses.
	ITRPhoto = "account 1001 has uploaded photo att_pact_photo_0001, used by no work order"
	// ITROrder: account 1001 has work order 5001 (SR20261121-0001), in service, filed under key
	// pact-order-stored, with att_pact_photo_0001 as its fault photo.
	ITROrder = "account 1001 has work order 5001 SR20261121-0001 in service, filed under key pact-order-stored, with photo att_pact_photo_0001"
	// ITRRegister: the customer register (the system's reference data).
	ITRRegister = "the work-order system holds its customer register"
)

// The OCR service (bff/internal/upstream/ocr, mocks/ocr).
const (
	OCRProvider = "ocr-service"
	// OCRSamples: the service reads the text drawn on its own sample pictures.
	OCRSamples = "the OCR service reads its own sample pictures"
)
