package itr

import "github.com/jakarobotics/website/bff/internal/apierr"

// The failures of uploads and work orders, as the site's error keys. A file or work order of
// another user is reported exactly like one that does not exist, so that ids cannot be probed.
const (
	UploadEmpty           apierr.Key = "upload.empty"            // 400: a file of 0 bytes
	UploadUnsupportedType apierr.Key = "upload.unsupported_type" // 415: not a JPEG, PNG or WebP photo, or MP4 or QuickTime video (by its bytes)
	UploadTooLarge        apierr.Key = "upload.too_large"        // 413: over the limit of its type
	UploadInterrupted     apierr.Key = "upload.interrupted"      // 400: the body ended early or was not a multipart form
	UploadNotFound        apierr.Key = "upload.not_found"        // 404: no such file of this user (or an expired preview link)
	UploadInUse           apierr.Key = "upload.in_use"           // 409: the file belongs to a submitted work order
	OrderNotFound         apierr.Key = "repair.order_not_found"  // 404: no such work order of this user
	AttachmentNotYours    apierr.Key = "repair.attachment_not_yours"
	Rejected              apierr.Key = "repair.rejected" // 422: the work-order system refused the report
)
