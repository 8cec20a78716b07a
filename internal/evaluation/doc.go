// Package evaluation is gpuquote's application layer: the use cases that
// sit between the web handlers and the pure domain packages. It loads what
// a flow needs once (one read-only transaction for a page), computes with
// the pure packages and returns plain result structs, so every page,
// export and API response that shows a figure renders the same value.
package evaluation
