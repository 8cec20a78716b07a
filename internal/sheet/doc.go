// Package sheet exports a [tco.Worksheet] for buyers: a CSV of the figures
// on the page, and an .xlsx whose cost cells are live formulas over an
// Assumptions sheet, so changing utilisation (or any assumption, price or
// FX rate) in the spreadsheet recomputes every line and total.
//
// # Exactness
//
// The workbook reproduces tco's arithmetic operation for operation, in the
// same order, so that a spreadsheet engine working in IEEE doubles lands on
// the same minor units as the Go code: amounts are carried in minor units
// (cents), every rounding is tco's round-half-away-from-zero with its
// tolerance, not the spreadsheet's ROUND, and the compute bill is split
// into its four lines by rounding running totals, as tco does.
// [WorksheetXLSX] evaluates its own formulas with excelize before writing
// and refuses ([ErrMismatch]) to hand out a workbook whose totals differ
// from the worksheet it was given.
package sheet
