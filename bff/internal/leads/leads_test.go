package leads

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
)

// fieldsOf are the fields an invalid-request error names, in its order.
func fieldsOf(t *testing.T, err error) []string {
	t.Helper()
	require.Error(t, err)
	e := apierr.From(err)
	require.Equal(t, apierr.InvalidRequest, e.Key)
	var fields []string
	for _, f := range e.Fields {
		fields = append(fields, f.Field)
	}
	return fields
}

func TestAChineseEnquiryIsNormalizedAndItsBlankFieldsReportedInOrder(t *testing.T) {
	l := crm.ChineseLead{
		UserName: " 张先生\n", PhoneNumber: "13800138000 ", Email: "zhang@example.cn", City: "福田区",
		CompanyName: "深圳精工", SpecificRequirements: " 需要\r\n焊接\x00工作站 ", SourcePage: "/productDetails/103",
		Tags: []string{" 官网询盘 ", " \n", ""},
	}
	require.NoError(t, NormalizeChinese(&l))
	assert.Equal(t, "张先生", l.UserName)
	assert.Equal(t, "13800138000", l.PhoneNumber)
	assert.Equal(t, "需要\n焊接工作站", l.SpecificRequirements)
	assert.Equal(t, []string{"官网询盘"}, l.Tags, "blank tags go")

	l.UserName, l.City, l.Email = "  ", "\t", "\n"
	assert.Equal(t, []string{"city", "email", "userName"}, fieldsOf(t, NormalizeChinese(&l)), "sorted by field")
}

func TestAnOverseasEnquiryReportsABlankIndustry(t *testing.T) {
	l := crm.OverseasLead{
		UserName: "Anna", Phone: "+49 151 2345678", Email: "anna@example.de", CompanyName: "Schmidt GmbH",
		CompanyType: "end_user", Comment: "Palletising", Country: "DE", SourcePage: "/de", Industry: []string{" \u2028 "},
	}
	assert.Equal(t, []string{"industry/0"}, fieldsOf(t, NormalizeOverseas(&l)))
	l.Industry = []string{" automotive "}
	require.NoError(t, NormalizeOverseas(&l))
	assert.Equal(t, []string{"automotive"}, l.Industry)
}

func intp(n int) *int { return &n }

var cooperationForm = contentsvc.Form{ID: 1, Fields: []contentsvc.FormField{
	{Name: "customerName", Type: "text", Required: true, MaxLength: intp(50)},
	{Name: "phoneNumber", Type: "phone", Required: true},
	{Name: "email", Type: "email"},
	{Name: "requireCount", Type: "select", Options: []contentsvc.FormOption{{Value: "1_to_5"}, {Value: "5_to_20"}}},
	{Name: "scene", Type: "checkbox", Options: []contentsvc.FormOption{{Value: "industrial"}, {Value: "medical"}}},
	{Name: "remark", Type: "textarea"},
}}

func TestAFormRecordIsCheckedAgainstItsFormsDefinition(t *testing.T) {
	rec := crm.FormRecord{FormID: 1, SourcePage: " /cooperationIntent\n", Values: map[string]string{
		"customerName": " 王经理 ", "phoneNumber": "13912345678", "email": "", "requireCount": "5_to_20",
		"scene": "industrial, medical", "remark": " 希望\r\n了解 ",
	}}
	require.NoError(t, CheckRecord(&rec, cooperationForm))
	assert.Equal(t, "/cooperationIntent", rec.SourcePage)
	assert.Equal(t, map[string]string{
		"customerName": "王经理", "phoneNumber": "13912345678", "requireCount": "5_to_20",
		"scene": "industrial, medical", "remark": "希望\n了解",
	}, rec.Values, "normalized, and the empty optional value left out")

	for name, tc := range map[string]struct {
		values     map[string]string
		sourcePage string
		fields     []string
	}{
		"unknown value name":                {map[string]string{"customerName": "王", "phoneNumber": "13912345678", "salary": "1"}, "/x", []string{"values/salary"}},
		"required value missing":            {map[string]string{"phoneNumber": "13912345678"}, "/x", []string{"values/customerName"}},
		"required value blank":              {map[string]string{"customerName": "  ", "phoneNumber": "13912345678"}, "/x", []string{"values/customerName"}},
		"choice not offered":                {map[string]string{"customerName": "王", "phoneNumber": "13912345678", "requireCount": "hundreds"}, "/x", []string{"values/requireCount"}},
		"one box not offered":               {map[string]string{"customerName": "王", "phoneNumber": "13912345678", "scene": "industrial,space"}, "/x", []string{"values/scene"}},
		"too long for its field":            {map[string]string{"customerName": string(make([]rune, 51)), "phoneNumber": "13912345678"}, "/x", []string{"values/customerName"}},
		"longer than the default":           {map[string]string{"customerName": "王", "phoneNumber": "13912345678", "remark": string(make([]byte, 2001))}, "/x", nil},
		"not a phone number":                {map[string]string{"customerName": "王", "phoneNumber": "call me"}, "/x", []string{"values/phoneNumber"}},
		"not an e-mail address":             {map[string]string{"customerName": "王", "phoneNumber": "13912345678", "email": "li@example"}, "/x", []string{"values/email"}},
		"no source page, nothing filled in": {map[string]string{}, " ", []string{"values/customerName", "values/phoneNumber", "sourcePage"}},
	} {
		t.Run(name, func(t *testing.T) {
			rec := crm.FormRecord{FormID: 1, SourcePage: tc.sourcePage, Values: tc.values}
			err := CheckRecord(&rec, cooperationForm)
			if tc.fields == nil {
				// NUL bytes are control characters that a textarea's normalization removes:
				// nothing is left, and an empty optional value is no error.
				assert.NoError(t, err)
				return
			}
			assert.Equal(t, tc.fields, fieldsOf(t, err))
		})
	}
	long := make([]rune, 2001)
	for i := range long {
		long[i] = '长'
	}
	rec = crm.FormRecord{FormID: 1, SourcePage: "/x", Values: map[string]string{"customerName": "王", "phoneNumber": "13912345678", "remark": string(long)}}
	assert.Equal(t, []string{"values/remark"}, fieldsOf(t, CheckRecord(&rec, cooperationForm)), "a field without maxLength has 2,000")
}

func TestASubmissionKeepsTheBrowsersKeyOrMintsOne(t *testing.T) {
	at := time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)
	lead := crm.OverseasLead{UserName: "Anna"}
	withKey, err := NewSubmission(KindOverseasLead, lead, "web-key-1", at)
	require.NoError(t, err)
	assert.Equal(t, "web-key-1", withKey.Key)
	assert.Empty(t, withKey.Earlier)
	assert.JSONEq(t, mustJSON(t, lead), string(withKey.Payload))

	minted, err := NewSubmission(KindOverseasLead, lead, "", at)
	require.NoError(t, err)
	key, earlier := outbox.MintKeys(withKey.Hash, at)
	assert.Equal(t, key, minted.Key)
	assert.Equal(t, earlier, minted.Earlier)
	assert.Equal(t, withKey.Hash, minted.Hash, "the hash is the write's, whatever its key")

	other, err := NewSubmission(KindChineseLead, lead, "", at)
	require.NoError(t, err)
	assert.NotEqual(t, minted.Hash, other.Hash, "the kind is part of the hash")
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// fakeCRM answers the writes with err, or with a receipt naming the key.
type fakeCRM struct {
	crm.Client
	err  error
	sent []string
}

func (c *fakeCRM) answer(kind, key string) (crm.Receipt, error) {
	c.sent = append(c.sent, kind+" "+key)
	if c.err != nil {
		return crm.Receipt{}, c.err
	}
	return crm.Receipt{ID: "ref-" + key, Duplicate: key == "again"}, nil
}

func (c *fakeCRM) AddChineseLead(_ context.Context, key string, _ crm.ChineseLead) (crm.Receipt, error) {
	return c.answer("chinese", key)
}

func (c *fakeCRM) AddOverseasLead(_ context.Context, key string, _ crm.OverseasLead) (crm.Receipt, error) {
	return c.answer("overseas", key)
}

func (c *fakeCRM) AddFormRecord(_ context.Context, key string, _ crm.FormRecord) (crm.Receipt, error) {
	return c.answer("form", key)
}

func TestDeliveryTellsARefusalFromAFailure(t *testing.T) {
	ctx := context.Background()
	c := &fakeCRM{}
	deliver := Delivery(c)
	for kind, want := range map[string]string{KindChineseLead: "chinese", KindOverseasLead: "overseas", KindFormRecord: "form"} {
		d, err := deliver(ctx, outbox.Item{Kind: kind, Key: "k1", Payload: []byte(`{}`)})
		require.NoError(t, err)
		assert.Equal(t, outbox.Delivery{Ref: "ref-k1"}, d)
		assert.Equal(t, want+" k1", c.sent[len(c.sent)-1])
	}
	d, err := deliver(ctx, outbox.Item{Kind: KindChineseLead, Key: "again", Payload: []byte(`{}`)})
	require.NoError(t, err)
	assert.True(t, d.Duplicate)

	sent := len(c.sent)
	_, err = deliver(ctx, outbox.Item{Kind: KindFormRecord, Key: "k2", Payload: []byte(`[`)})
	assert.True(t, outbox.IsPermanent(err), "an unreadable item is never retried")
	_, err = deliver(ctx, outbox.Item{Kind: "crm.future_kind", Key: "k3", Payload: []byte(`{}`)})
	require.Error(t, err)
	assert.False(t, outbox.IsPermanent(err), "an item of another version is kept and retried")
	assert.Equal(t, sent, len(c.sent), "neither reached the CRM")

	c.err = apierr.New(crm.Rejected, errors.New("disposable e-mail"))
	_, err = deliver(ctx, outbox.Item{Kind: KindOverseasLead, Key: "k4", Payload: []byte(`{}`)})
	assert.True(t, outbox.IsPermanent(err), "the CRM's refusal is final")
	c.err = apierr.New(apierr.UpstreamUnavailable, errors.New("down"))
	_, err = deliver(ctx, outbox.Item{Kind: KindOverseasLead, Key: "k5", Payload: []byte(`{}`)})
	require.Error(t, err)
	assert.False(t, outbox.IsPermanent(err), "a failure is retried")
}
