package crm

import (
	_ "embed"
	"fmt"
	"strings"
)

// A province-level division with its cities, as the CRM files Chinese enquiries under them.
type province struct {
	Name   string
	Cities []city
}

// A prefecture-level city (or league, prefecture, autonomous prefecture, area) with its
// county-level districts, the seat of government first.
type city struct {
	Name      string
	Districts []string
}

//go:embed seed/regions.txt
var regionsText string

// parseRegions reads the indented province / "city: districts" text of seed/regions.txt.
func parseRegions(text string) ([]province, error) {
	var out []province
	for n, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if !strings.HasPrefix(line, " ") {
			out = append(out, province{Name: trimmed})
			continue
		}
		name, districts, ok := strings.Cut(trimmed, ":")
		if !ok || len(out) == 0 {
			return nil, fmt.Errorf("regions line %d: want \"city: district …\" under a province", n+1)
		}
		c := city{Name: strings.TrimSpace(name), Districts: strings.Fields(districts)}
		if len(c.Districts) == 0 {
			return nil, fmt.Errorf("regions line %d: %s has no district", n+1, c.Name)
		}
		out[len(out)-1].Cities = append(out[len(out)-1].Cities, c)
	}
	for _, p := range out {
		if len(p.Cities) == 0 {
			return nil, fmt.Errorf("regions: %s has no city", p.Name)
		}
	}
	return out, nil
}

// regionSuffixes are the administrative suffixes that people and pickers often leave out
// (广西 for 广西壮族自治区, 深圳 for 深圳市), longest first.
var regionSuffixes = []string{"维吾尔自治区", "壮族自治区", "回族自治区", "特别行政区", "自治区", "地区", "省", "市", "盟"}

// shortName is name without its administrative suffix.
func shortName(name string) string {
	for _, s := range regionSuffixes {
		if short, ok := strings.CutSuffix(name, s); ok && short != "" {
			return short
		}
	}
	return name
}

// sameRegion reports whether a name given by a caller names the region called official.
func sameRegion(given, official string) bool {
	return given == official || shortName(given) == shortName(official)
}

// resolution is the answer of a region lookup.
type resolution struct {
	Province string `json:"province"`
	City     string `json:"city"`
	District string `json:"district"`
}

// municipalCityNames are the city-level names region pickers show under the four municipalities
// and the special administrative regions ("市辖区" = the city's districts, "县" = its counties).
var municipalCityNames = map[string]bool{"市辖区": true, "县": true, "城区": true, "郊县": true}

// resolveRegion finds the district an enquiry from provinceName (and cityName) is filed under:
// by the province first, then, when the province is unknown, by the city name anywhere. Within
// the province, the chosen city's seat district; without a known city, the seat district of the
// province's capital (its first city). ok is false when neither name is known.
func resolveRegion(regions []province, provinceName, cityName string) (resolution, bool) {
	provinceName, cityName = strings.TrimSpace(provinceName), strings.TrimSpace(cityName)
	for _, p := range regions {
		if provinceName == "" || !sameRegion(provinceName, p.Name) {
			continue
		}
		chosen := p.Cities[0]
		if cityName != "" && !municipalCityNames[cityName] {
			for _, c := range p.Cities {
				if sameRegion(cityName, c.Name) {
					chosen = c
					break
				}
			}
		}
		return resolution{Province: p.Name, City: chosen.Name, District: chosen.Districts[0]}, true
	}
	// The province is not one the CRM knows: a picker may send a city-level name as the
	// province, or a province name of its own; try the city, then the province name, as a city.
	for _, name := range []string{cityName, provinceName} {
		if name == "" || municipalCityNames[name] {
			continue
		}
		for _, p := range regions {
			for _, c := range p.Cities {
				if sameRegion(name, c.Name) {
					return resolution{Province: p.Name, City: c.Name, District: c.Districts[0]}, true
				}
			}
		}
	}
	return resolution{}, false
}
