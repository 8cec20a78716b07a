package tco

import "fmt"

// RestartLevel is one end of the restart-rate assumptions (preemptions on
// marketplace capacity, node failures elsewhere) in the sensitivity grid.
type RestartLevel string

// The three restart levels: the assumptions' Low, Value and High.
const (
	RestartLow      RestartLevel = "low"
	RestartExpected RestartLevel = "expected"
	RestartHigh     RestartLevel = "high"
)

var restartLevels = [...]struct {
	level RestartLevel
	sc    scenario
}{{RestartLow, low}, {RestartExpected, mid}, {RestartHigh, high}}

// DefaultUtilisations returns the utilisations the worksheet's sensitivity
// table shows: 50, 70, 85 and 95 %.
func DefaultUtilisations() []float64 { return []float64{0.50, 0.70, 0.85, 0.95} }

// Point is one cell of the sensitivity grid: every quote's cost per unit
// at one utilisation and restart level, and the cheapest quote.
type Point struct {
	Utilisation float64
	Restart     RestartLevel
	CostPerUnit []Money // per quote, in Sensitivity.QuoteIDs order
	Cheapest    string  // quote ID; ties go to the earlier quote
}

// Change is a place on the grid where the cheapest quote changes between
// two neighbouring points.
type Change struct {
	Along     string // "utilisation" or "restart"
	From, To  int    // indices into Sensitivity.Points
	FromQuote string // cheapest at From
	ToQuote   string // cheapest at To
	Text      string // English, e.g. "at expected restarts, the cheapest changes from A to B between 70 % and 85 % utilisation"
}

// Sensitivity is cost per useful unit across utilisation and restart
// rate. Points are restart-major: Points[r*len(Utilisations)+u].
type Sensitivity struct {
	QuoteIDs     []string
	Utilisations []float64
	Restarts     []RestartLevel
	Points       []Point
	Changes      []Change
}

// Sensitize computes the sensitivity grid for the given utilisations
// (shares in (0, 1]) at low, expected and high restart rates. Compute calls
// it with DefaultUtilisations; the web layer may call it with others.
func Sensitize(quotes []Quote, a Assumptions, utilisations []float64) (Sensitivity, error) {
	e, preps, err := setup(quotes, &a)
	if err != nil {
		return Sensitivity{}, err
	}
	return e.sensitize(preps, utilisations)
}

// sensitize reprices every quote at every grid point. Only the estimate is
// used: the grid asks how the ranking moves with the workload, not with
// the vendors' missing terms, which the result's range already shows.
// Accepted units follow useful GPU-hours, so a busier or steadier cluster
// spreads the same bill over more units.
func (e *engine) sensitize(preps []prepared, utilisations []float64) (Sensitivity, error) {
	if err := checkUtilisations(utilisations); err != nil {
		return Sensitivity{}, err
	}
	grid := make([][]float64, len(preps))
	for i := range preps {
		g, err := e.gridCosts(&preps[i], utilisations)
		if err != nil {
			return Sensitivity{}, fmt.Errorf("tco: quote %q: %w", preps[i].q.ID, err)
		}
		grid[i] = g
	}
	return e.sensitivityOf(preps, utilisations, grid), nil
}

func checkUtilisations(utilisations []float64) error {
	for _, u := range utilisations {
		if !(u > 0 && u <= 1) {
			return fmt.Errorf("tco: %w: sensitivity utilisation %g is not a share in (0, 1]", ErrInvalid, u)
		}
	}
	return nil
}

// gridCosts is one quote's unrounded cost per unit at every grid point,
// restart-major, or the error that stops one.
func (e *engine) gridCosts(p *prepared, utilisations []float64) ([]float64, error) {
	out := make([]float64, 0, len(restartLevels)*len(utilisations))
	for _, rl := range restartLevels {
		for _, u := range utilisations {
			c, err := e.calc(p, mid, point{util: u, restart: rl.sc})
			if err != nil {
				return nil, err
			}
			out = append(out, c.costMinor)
		}
	}
	return out, nil
}

// sensitivityOf builds the grid from each quote's grid costs.
func (e *engine) sensitivityOf(preps []prepared, utilisations []float64, grid [][]float64) Sensitivity {
	s := Sensitivity{
		QuoteIDs:     make([]string, len(preps)),
		Utilisations: append([]float64(nil), utilisations...),
		Points:       make([]Point, 0, len(utilisations)*len(restartLevels)),
	}
	names := make(map[string]string, len(preps))
	for i := range preps {
		q := preps[i].q
		s.QuoteIDs[i] = q.ID
		names[q.ID] = q.ID
		if q.Label != "" {
			names[q.ID] = q.Label
		}
	}
	n := 0
	for _, rl := range restartLevels {
		s.Restarts = append(s.Restarts, rl.level)
		for _, u := range utilisations {
			pt := Point{Utilisation: u, Restart: rl.level, CostPerUnit: make([]Money, len(preps))}
			bestCost := 0.0
			for i := range preps {
				cost := grid[i][n]
				pt.CostPerUnit[i] = Money{Minor: roundHalfAway(cost), Currency: e.a.Currency}
				if i == 0 || cost < bestCost {
					pt.Cheapest, bestCost = preps[i].q.ID, cost
				}
			}
			s.Points = append(s.Points, pt)
			n++
		}
	}
	s.Changes = changes(s, names)
	return s
}

// changes walks the grid along each axis and records where the cheapest
// quote differs between neighbours.
func changes(s Sensitivity, names map[string]string) []Change {
	nu := len(s.Utilisations)
	var out []Change
	add := func(along string, from, to int, between string) {
		a, b := s.Points[from], s.Points[to]
		if len(s.QuoteIDs) == 0 || a.Cheapest == b.Cheapest {
			return
		}
		out = append(out, Change{
			Along: along, From: from, To: to, FromQuote: a.Cheapest, ToQuote: b.Cheapest,
			Text: fmt.Sprintf("%s, the cheapest changes from %s to %s between %s",
				atText(along, a), names[a.Cheapest], names[b.Cheapest], between),
		})
	}
	for r := range s.Restarts {
		for u := 1; u < nu; u++ {
			from, to := r*nu+u-1, r*nu+u
			add("utilisation", from, to, pct(s.Utilisations[u-1])+" and "+pct(s.Utilisations[u])+" utilisation")
		}
	}
	for u := 0; u < nu; u++ {
		for r := 1; r < len(s.Restarts); r++ {
			from, to := (r-1)*nu+u, r*nu+u
			add("restart", from, to, string(s.Restarts[r-1])+" and "+string(s.Restarts[r])+" restart rates")
		}
	}
	return out
}

// atText names the fixed coordinate of a change.
func atText(along string, p Point) string {
	if along == "utilisation" {
		return "at " + string(p.Restart) + " restart rates"
	}
	return "at " + pct(p.Utilisation) + " utilisation"
}
