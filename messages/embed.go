// Package messages holds the site's one catalogue of server messages, embedded so that the BFF
// reads exactly the files the web imports: keys.json (every key, the HTTP status of each error
// key, which keys are success or field texts, and the parameters of templated texts) and one
// file per wire language (zh.json, en.json, ja.json…: key → text). Parameters are written
// {{name}}, the syntax of i18next, so that both sides fill the same texts. en_eu and en_us have
// no file: they read en.json. bff/internal/messages loads and checks them.
package messages

import "embed"

// Files are keys.json and the language files.
//
//go:embed *.json
var Files embed.FS
