//go:build !unix

package db

import (
	"context"
	"os"
)

// lockSole takes no lock where flock is missing: the store then keeps
// nothing between commits, as without SoleServer.
func lockSole(context.Context, string, func()) (*os.File, error) { return nil, nil }
