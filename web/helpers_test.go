package web_test

import (
	"strconv"

	"github.com/PuerkitoBio/goquery"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

type goquerySelection = goquery.Selection
