package game

import (
	"net/url"

	"meldpad/rules/msg"
)

// Referee is a game with questions of its own for the referee page,
// beyond "a meld or a lay-off" (which every MeldChecker answers): a whole
// Fan deal, a Trophy Case trick, a Black Heart opening.
type Referee interface {
	Questions() []Question
}

// Question is one kind of dispute the referee page settles: its inputs
// and how to judge them.
type Question struct {
	Key    string  // in the page's URL: "deal"
	Label  msg.Msg // "A whole deal", in the page's language
	Inputs []Input
	// Judge reads the answers (the inputs by name) and rules on them. Its
	// error is ctx's: the referee was stopped.
	Judge func(ctx Context, answers url.Values) (Answer, error)
}

// Input is one input of a question or of a game's setup. Its words are
// messages, said in the page's language.
type Input struct {
	Name    string
	Label   msg.Msg
	Help    msg.Msg
	Kind    InputKind
	Value   string // its value before anything is typed
	Options []InputOption
}

// InputOption is one choice of a SelectInput.
type InputOption struct {
	Value string
	Label msg.Msg
}

// InputKind is what an Input takes.
type InputKind uint8

const (
	CardsInput  InputKind = iota // cards, with the picker
	TextInput                    // one line of text
	LinesInput                   // several lines
	NumberInput                  // a whole number
	SelectInput                  // one of Options
)

// Answer is what a question makes of its inputs: feedback on the inputs
// (what is wrong, the cards read), and the ruling once the inputs could
// be read.
type Answer struct {
	Feedback map[string]Feedback // by input name
	Ruling   *Ruling
}

// Feedback is what the page shows under one input.
type Feedback struct {
	Error string
	Chips []Chip
}

// Problem returns an Answer with an error beside one input.
func Problem(input, msg string) Answer {
	return Answer{Feedback: map[string]Feedback{input: {Error: msg}}}
}

// Ruling is the referee's answer: a headline in large type, the reason,
// the details, and the ids of the rules it rests on (the page shows them
// in full).
type Ruling struct {
	OK       bool
	Headline string
	Reason   string
	Details  []string
	Rules    []string
}
