// Sizes of the C types this package mirrors, written in the form
// cgo -godefs gives its output: declarations only, no functions.

package sizes

const (
	sizeofPtr   = 0x8
	sizeofShort = 0x2
	sizeofInt   = 0x4
	sizeofLong  = 0x8
)

type Timespec struct {
	Sec  int64
	Nsec int64
}

type Handler interface {
	Handle(t Timespec) error
}
