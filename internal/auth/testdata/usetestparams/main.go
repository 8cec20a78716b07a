// usetestparams is a program, not a test, that asks for the test cost:
// auth's tests run it to see it refused.
package main

import (
	"fmt"

	"github.com/gpuquote/gpuquote/internal/auth"
)

func main() {
	defer func() { fmt.Println("recovered:", recover()) }()
	auth.UseTestParams()
	fmt.Println("params:", auth.CurrentParams())
}
