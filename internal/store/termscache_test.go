package store

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// The terms cache hands out copies of one parsed quote.Quote; that is only
// safe while the type holds no map, slice or pointer a caller could change
// under another request. A field of such a kind fails here first.
func TestQuoteIsAPlainValue(t *testing.T) {
	t.Parallel()
	var walk func(reflect.Type, string)
	walk = func(ty reflect.Type, path string) {
		if ty == reflect.TypeFor[time.Time]() {
			return // its *Location is never changed
		}
		switch ty.Kind() {
		case reflect.Map, reflect.Slice, reflect.Pointer, reflect.Interface, reflect.Chan, reflect.Func:
			t.Errorf("%s is a %s: the terms cache would share it between requests", path, ty.Kind())
		case reflect.Struct:
			for i := range ty.NumField() {
				walk(ty.Field(i).Type, path+"."+ty.Field(i).Name)
			}
		case reflect.Array:
			walk(ty.Elem(), path+"[]")
		}
	}
	walk(reflect.TypeFor[quote.Quote](), "Quote")
}

func TestTermsCacheHitsAreCopies(t *testing.T) {
	t.Parallel()
	raw, _ := json.Marshal(map[string]string{"provider": "Northwind", "rental_model": "on_demand", "currency": "USD", "gpu_model": "H100"})
	c := &termsCache{}
	first, err := c.parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	first.GPUModel = quote.Of("changed by a caller")
	again, err := c.parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := parseTerms(raw)
	if again != want {
		t.Errorf("cached %+v, want %+v", again.GPUModel, want.GPUModel)
	}
	if len(c.m) != 1 {
		t.Errorf("%d entries", len(c.m))
	}
	if _, err := c.parse([]byte(`{"rental_model":"lease"}`)); err == nil || len(c.m) != 1 {
		t.Errorf("bad terms: err %v, %d entries", err, len(c.m))
	}
}
