// Package chart renders small, self-contained SVG line charts on the
// server, for pages that may run no script and load nothing from a CDN.
//
// gpuquote draws two kinds of chart with it: the worksheet's sensitivity
// (cost per useful unit against utilisation, one line per quote, with the
// cheapest quote marked at each utilisation via [HighlightMin]) and the
// NCCL bus bandwidth of benchmark runs against message size on a [Log2]
// axis, with the quoted fabric's expected range as a shaded [Band].
//
// [Line.SVG] returns a complete standalone SVG document meant to be served
// as its own resource (Content-Type image/svg+xml) and shown with <img>.
// It uses presentation attributes only: no <style>, no script, no external
// references, so it passes a strict Content-Security-Policy.
//
// Every piece of text, including user-provided series names, band labels
// and whatever the format functions return, is XML-escaped; the output is
// always well-formed XML, whatever the input. Points with NaN or infinite
// coordinates, and points with x <= 0 on a [Log2] axis, are skipped rather
// than reported: a chart is an illustration, and the numbers it shows are
// validated where they are computed.
//
// Output is deterministic (same input, same bytes), so rendered charts can
// be cached by content and compared in tests.
//
// The package is pure: standard library only, no I/O.
package chart
