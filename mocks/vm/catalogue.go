package vm

// Model is a robot model the pool can simulate.
type Model struct {
	Name      string   `json:"name"`
	Series    string   `json:"series"`
	PayloadKg float64  `json:"payloadKg"`
	ReachMm   int      `json:"reachMm"`
	Cabinets  []string `json:"cabinets"` // the cabinet versions it runs with, newest first
}

// Cabinet is a control cabinet version the pool can simulate: the controller software of that
// cabinet generation.
type Cabinet struct {
	Name       string `json:"name"`
	Controller string `json:"controller"` // controller software line
}

// The cabinet generations: Cab 2.1 drives the Zu series, its IP54 Pro variant the Pro series,
// Cab Mini the C series and MiniCobo; Cab 3.0 is the newer controller the Zu and Pro series can
// be upgraded to. Figures match the CMS's product catalogue.
var cabinets = []Cabinet{
	{Name: "CAB 3.0", Controller: "JAKA Controller 3.0"},
	{Name: "CAB 2.1", Controller: "JAKA Controller 2.1"},
	{Name: "CAB 2.1 Pro", Controller: "JAKA Controller 2.1 (IP54)"},
	{Name: "CAB Mini", Controller: "JAKA Controller Mini"},
}

var models = []Model{
	{Name: "JAKA Zu 3", Series: "Zu", PayloadKg: 3, ReachMm: 626, Cabinets: []string{"CAB 3.0", "CAB 2.1"}},
	{Name: "JAKA Zu 5", Series: "Zu", PayloadKg: 5, ReachMm: 954, Cabinets: []string{"CAB 3.0", "CAB 2.1"}},
	{Name: "JAKA Zu 7", Series: "Zu", PayloadKg: 7, ReachMm: 819, Cabinets: []string{"CAB 3.0", "CAB 2.1"}},
	{Name: "JAKA Zu 12", Series: "Zu", PayloadKg: 12, ReachMm: 1327, Cabinets: []string{"CAB 3.0", "CAB 2.1"}},
	{Name: "JAKA Zu 18", Series: "Zu", PayloadKg: 18, ReachMm: 1073, Cabinets: []string{"CAB 3.0", "CAB 2.1"}},
	{Name: "JAKA Pro 5", Series: "Pro", PayloadKg: 5, ReachMm: 954, Cabinets: []string{"CAB 3.0", "CAB 2.1 Pro"}},
	{Name: "JAKA Pro 12", Series: "Pro", PayloadKg: 12, ReachMm: 1327, Cabinets: []string{"CAB 3.0", "CAB 2.1 Pro"}},
	{Name: "JAKA Pro 16", Series: "Pro", PayloadKg: 16, ReachMm: 1033, Cabinets: []string{"CAB 3.0", "CAB 2.1 Pro"}},
	{Name: "JAKA C5", Series: "C", PayloadKg: 5, ReachMm: 954, Cabinets: []string{"CAB Mini"}},
	{Name: "JAKA C12", Series: "C", PayloadKg: 12, ReachMm: 1327, Cabinets: []string{"CAB Mini"}},
	{Name: "JAKA MiniCobo", Series: "MiniCobo", PayloadKg: 1.5, ReachMm: 540, Cabinets: []string{"CAB Mini"}},
}

// checkChoice reports why the pool cannot simulate model on cabinet, as an error code, or "".
func checkChoice(model, cabinet string) string {
	var m *Model
	for i := range models {
		if models[i].Name == model {
			m = &models[i]
		}
	}
	if m == nil {
		return codeUnknownModel
	}
	known := false
	for _, c := range cabinets {
		known = known || c.Name == cabinet
	}
	if !known {
		return codeUnknownCabinet
	}
	for _, c := range m.Cabinets {
		if c == cabinet {
			return ""
		}
	}
	return codeUnsupportedCombination
}
