package db

import (
	"context"
	"encoding/json"
	"fmt"
)

// recompute works out what an imported game's hands decide, by its
// rules, and stores it.
func (s *Store) recompute(ctx context.Context, tx dbtx, games ArchiveRules, gameID int64) error {
	var rulesID, houseRules, settings, names string
	var firstDealer int
	err := tx.QueryRowContext(ctx, s.q.table, gameID).Scan(&rulesID, &houseRules, &settings, &firstDealer, &names)
	if err != nil {
		return fmt.Errorf("db: import game %d: %w", gameID, err)
	}
	g, ok := games.Game(rulesID)
	if !ok {
		return fmt.Errorf("db: import game %d: unknown rules %q", gameID, rulesID)
	}
	t := ImportTable{Settings: json.RawMessage(settings), FirstDealer: firstDealer}
	if err := json.Unmarshal([]byte(houseRules), &t.HouseRules); err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(names), &t.Names); err != nil {
		return err
	}
	hands, err := s.loadHands(ctx, tx, gameID)
	if err != nil {
		return err
	}
	d := g.Derive(t, hands)
	head, err := loadHead(ctx, tx, gameID)
	if err != nil {
		return err
	}
	return s.rederive(ctx, tx, head, d)
}
