package uploads

import (
	"errors"
	"io"
)

// ErrTooLarge ends the stream of a file that has passed its type's limit.
var ErrTooLarge = errors.New("the file is larger than its limit")

// LimitedReader reads at most N bytes of R and fails with ErrTooLarge on the next one, so that
// an over-size file is cut off as soon as it shows, whatever the form's length said.
type LimitedReader struct {
	r        io.Reader
	n        int64
	exceeded bool
}

// NewLimitedReader reads at most n bytes of r.
func NewLimitedReader(r io.Reader, n int64) *LimitedReader {
	return &LimitedReader{r: r, n: n}
}

// Exceeded reports whether the file went over its limit.
func (l *LimitedReader) Exceeded() bool { return l.exceeded }

func (l *LimitedReader) Read(p []byte) (int, error) {
	if l.exceeded {
		return 0, ErrTooLarge
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	if int64(n) > l.n {
		l.exceeded = true
		return int(l.n), ErrTooLarge
	}
	l.n -= int64(n)
	return n, err
}

// ReadHead reads the first bytes of a file, up to SniffHead: fewer for a shorter file.
func ReadHead(r io.Reader) ([]byte, error) {
	head := make([]byte, SniffHead)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return head[:n], nil
}
