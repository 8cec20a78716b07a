// Package model turns the use cases' results into the view models of
// package views: words in the reader's language and formatted figures.
// It is presentation, not HTTP: package web parses the request, calls the
// use case and hands its result here. It sits apart from package views
// because the results are internal/evaluation's types, and views itself
// never links the store (internal/archtest).
package model
