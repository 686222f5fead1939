package httpapi

import "net/http"

// route is one operation of the contract as the BFF serves it.
type route struct {
	method  string
	path    string // template below /prod-api, exactly as in openapi.yaml
	handler http.HandlerFunc
	// long marks the operations with the long time-out (virtual-machine apply and switch).
	long bool
	// maxBody overrides MaxJSONBodyBytes (uploads).
	maxBody int64
}

func (rt route) maxBodyBytes() int64 {
	if rt.maxBody > 0 {
		return rt.maxBody
	}
	return MaxJSONBodyBytes
}

// routes is the whole /prod-api surface, one file per area. A test and NewServer both check
// that it equals the operations of openapi.yaml.
func (s *Server) routes() []route {
	var all []route
	for _, area := range [][]route{
		s.contentRoutes(),
		s.accountRoutes(),
		s.repairRoutes(),
		s.virtualRoutes(),
		s.crmRoutes(),
		s.vitalsRoutes(),
	} {
		all = append(all, area...)
	}
	return all
}
