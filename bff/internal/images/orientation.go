package images

import (
	"encoding/binary"
	"image"

	"github.com/disintegration/imaging"
)

// orientation is the EXIF orientation of a JPEG (1 to 8; 0 when it has none): how a camera
// that stored the sensor's rows says the picture is to be turned for display. Stripping the
// metadata would lose it, so a variant is turned before it is written.
type orientation int

// swapsAxes reports whether o turns the picture a quarter: its displayed width is its stored
// height.
func (o orientation) swapsAxes() bool { return o >= 5 && o <= 8 }

// apply turns img for display as o says (the transforms of the EXIF specification).
func (o orientation) apply(img image.Image) image.Image {
	switch o {
	case 2:
		return imaging.FlipH(img)
	case 3:
		return imaging.Rotate180(img)
	case 4:
		return imaging.FlipV(img)
	case 5:
		return imaging.Transpose(img)
	case 6:
		return imaging.Rotate270(img)
	case 7:
		return imaging.Transverse(img)
	case 8:
		return imaging.Rotate90(img)
	}
	return img
}

// jpegOrientation reads the orientation tag of IFD0 in a JPEG's EXIF segment (APP1). Anything it
// cannot read is no orientation: the picture is shown as stored.
func jpegOrientation(b []byte) orientation {
	if len(b) < 2 || b[0] != 0xff || b[1] != 0xd8 {
		return 0
	}
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xff {
			return 0
		}
		marker := b[i+1]
		if marker == 0xda || marker == 0xd9 { // the scan begins: no more metadata
			return 0
		}
		size := int(binary.BigEndian.Uint16(b[i+2:]))
		if size < 2 || i+2+size > len(b) {
			return 0
		}
		seg := b[i+4 : i+2+size]
		if marker == 0xe1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + size
	}
	return 0
}

// tiffOrientation reads tag 0x0112 of the first IFD of a TIFF structure (EXIF's layout).
func tiffOrientation(t []byte) orientation {
	if len(t) < 8 {
		return 0
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 0
	}
	ifd := int(order.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 0
	}
	n := int(order.Uint16(t[ifd:]))
	for k := 0; k < n; k++ {
		e := ifd + 2 + 12*k
		if e+12 > len(t) {
			return 0
		}
		if order.Uint16(t[e:]) == 0x0112 && order.Uint16(t[e+2:]) == 3 { // SHORT
			if o := orientation(order.Uint16(t[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 0
		}
	}
	return 0
}
