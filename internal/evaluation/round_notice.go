package evaluation

import (
	"context"
	"strings"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The buyer's acts on a running round that tell its vendors: a reminder,
// the brief sent again, an answer published to every vendor, and an
// invitation revoked. Each notice is queued in the transaction of the act.

// notices words a notice of kind to every vendor of rd still in the
// round that keep accepts; none with mail off.
func (l Links) notices(rd store.RFQ, invs []store.Invitation, kind string, keep func(store.Invitation) bool) []store.Mail {
	if l.Notice == nil {
		return nil
	}
	var out []store.Mail
	for _, i := range invs {
		if i.Status == rfq.Revoked || !keep(i) {
			continue
		}
		m := l.Notice(rd, i, kind)
		m.InvitationID = i.ID
		out = append(out, m)
	}
	return out
}

func everyone(store.Invitation) bool { return true }

// Remind queues a reminder for every vendor of sealed round rd that has
// not submitted; a round already open is rfq.ErrClosed.
func (s *Service) Remind(ctx context.Context, by audit.Actor, rd store.RFQ, l Links) error {
	invs, err := s.store.Invitations(ctx, rd.ID)
	if err != nil {
		return err
	}
	mails := l.notices(rd, invs, "reminder", func(i store.Invitation) bool { return i.Status != rfq.Submitted })
	return s.store.Remind(ctx, by, rd.ID, mails)
}

// ResendBrief sends round rd's vendors the brief as it stands now, as
// the round's next brief version; a round already open is rfq.ErrClosed.
func (s *Service) ResendBrief(ctx context.Context, by audit.Actor, rd store.RFQ, l Links) error {
	invs, err := s.store.Invitations(ctx, rd.ID)
	if err != nil {
		return err
	}
	_, err = s.store.ResendBrief(ctx, by, rd.ID, l.notices(rd, invs, "brief", everyone))
	return err
}

// Revoke ends an invitation: its link stops working. It returns the
// invitation's round.
func (s *Service) Revoke(ctx context.Context, by audit.Actor, invitationID int64) (rfqID int64, err error) {
	inv, err := s.store.Invitation(ctx, invitationID)
	if err != nil {
		return 0, err
	}
	return inv.RFQID, s.store.RevokeInvitation(ctx, by, invitationID)
}

// Answer publishes an answer to question questionID to every vendor of
// its round. The question goes out in the buyer's wording (published),
// since the asker's own may reveal its offer; nil publishes the question
// as asked. It returns the question's round; refused input is
// FieldErrors ("answer" or "published").
func (s *Service) Answer(ctx context.Context, by audit.Actor, questionID int64, published *string, answer string, l Links) (rfqID int64, err error) {
	q, err := s.store.Question(ctx, questionID)
	if err != nil {
		return 0, err
	}
	rd, err := s.store.RFQ(ctx, q.RFQID)
	if err != nil {
		return 0, err
	}
	answer = strings.TrimSpace(answer)
	if answer == "" || len([]rune(answer)) > rfq.MaxAnswer {
		return rd.ID, FieldErrors{"answer": "flash.rfq_answer_empty"}
	}
	text := q.Text
	if published != nil {
		text = strings.TrimSpace(*published)
	}
	if text == "" || len([]rune(text)) > rfq.MaxQuestion {
		return rd.ID, FieldErrors{"published": "flash.sourcing_published_empty"}
	}
	invs, err := s.store.Invitations(ctx, rd.ID)
	if err != nil {
		return rd.ID, err
	}
	mails := l.notices(rd, invs, "answer", everyone)
	for i := range mails {
		mails[i].Body = strings.TrimRight(mails[i].Body, "\n") + "\n\n" + text + "\n\n" + answer + "\n"
	}
	return rd.ID, s.store.AnswerQuestion(ctx, by, q.ID, text, answer, mails)
}
