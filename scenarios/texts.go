package scenarios

// Texts returns the text of every turn, in session and turn order.
func (s *Scenario) Texts() []string {
	var out []string
	for _, ss := range s.Sessions {
		for _, t := range ss.Turns {
			out = append(out, t.Text)
		}
	}
	return out
}
