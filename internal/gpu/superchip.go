package gpu

import "strings"

// SuperchipMemoryGB is the GPU memory of a Grace superchip a name names,
// in GB, and whether the name names one. A superchip's name states the
// whole module's or the Grace CPU's memory ("GH200 480GB" is 480 GB of
// LPDDR5X beside the GPU's 96 GB of HBM3; "GH200 120GB" the same GPU with
// 120 GB of Grace memory), so the size in its name is never the GPU's.
// The GPU memory is NVIDIA's published HBM size:
//   - GH200: 96 GB HBM3, or 144 GB HBM3e (the 624 GB module);
//   - GB200: 192 GB HBM3e per Blackwell GPU (about 186 GB usable);
//   - GB300: 288 GB HBM3e per Blackwell Ultra GPU.
func SuperchipMemoryGB(name string) (int64, bool) {
	m, ok := Identify(name)
	if !ok {
		return 0, false
	}
	switch m.Family {
	case "GH200":
		u := strings.ToUpper(name)
		if strings.Contains(u, "HBM3E") || strings.Contains(u, "144G") || strings.Contains(u, "624G") {
			return 144, true
		}
		return 96, true
	case "GB200":
		return 192, true
	case "GB300":
		return 288, true
	}
	return 0, false
}
