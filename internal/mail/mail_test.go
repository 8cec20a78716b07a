package mail_test

import (
	"context"
	"errors"
	"io"
	"net/mail"
	"strings"
	"testing"

	gqmail "github.com/gpuquote/gpuquote/internal/mail"
	"github.com/gpuquote/gpuquote/internal/mail/mailtest"
)

func TestSendOverSTARTTLSWithAuth(t *testing.T) {
	t.Parallel()
	s := mailtest.Start(t, mailtest.Options{})
	err := gqmail.NewSender(s.Config(t, "smtp")).Send(context.Background(),
		gqmail.Message{To: "ann@alpha.example", Subject: "Запрос предложений: GPU", Body: "Hello Ann,\nyour link: https://gq.example/v/TOKEN\n"})
	if err != nil {
		t.Fatal(err)
	}
	got := s.Got()
	if len(got) != 1 || got[0].To != "ann@alpha.example" || got[0].From != "buyer@gpuquote.example" || got[0].User != mailtest.User {
		t.Fatalf("received: %+v", got)
	}
	msg, err := mail.ReadMessage(strings.NewReader(string(got[0].Data)))
	if err != nil {
		t.Fatal(err)
	}
	subj, _ := new(mimeDecoder).decode(msg.Header.Get("Subject"))
	body, _ := io.ReadAll(msg.Body)
	if subj != "Запрос предложений: GPU" || !strings.Contains(string(body), "https://gq.example/v/TOKEN") {
		t.Errorf("subject %q body %q", subj, body)
	}
}

func TestSendOverImplicitTLS(t *testing.T) {
	t.Parallel()
	s := mailtest.Start(t, mailtest.Options{ImplicitTLS: true})
	if err := gqmail.NewSender(s.Config(t, "smtps")).Send(context.Background(), gqmail.Message{To: "b@beta.example", Subject: "s", Body: "b"}); err != nil {
		t.Fatal(err)
	}
	if len(s.Got()) != 1 {
		t.Fatal("not received")
	}
}

func TestNoClearTextWhenTheServerOffersNoSTARTTLS(t *testing.T) {
	t.Parallel()
	s := mailtest.Start(t, mailtest.Options{NoTLS: true})
	err := gqmail.NewSender(s.Config(t, "smtp")).Send(context.Background(), gqmail.Message{To: "b@beta.example", Subject: "s", Body: "b"})
	if err == nil || !strings.Contains(err.Error(), "STARTTLS") || len(s.Got()) != 0 {
		t.Fatalf("err = %v, received %d: a password must never go out in clear text", err, len(s.Got()))
	}
	if _, err := gqmail.Parse(s.URL("smtp")+"?tls=none", "a@b.example"); err == nil {
		t.Error("a password with tls=none was accepted")
	}
}

func TestHeaderInjectionRefused(t *testing.T) {
	t.Parallel()
	s := mailtest.Start(t, mailtest.Options{})
	snd := gqmail.NewSender(s.Config(t, "smtp"))
	for _, m := range []gqmail.Message{{To: "a@b.example\r\nBcc: x@evil.example", Subject: "s"}, {To: "a@b.example", Subject: "s\r\nBcc: x@evil.example"},
		{To: "Ann <a@b.example>", Subject: "s"}} {
		if err := snd.Send(context.Background(), m); !errors.Is(err, gqmail.ErrAddress) {
			t.Errorf("%q: %v", m.To, err)
		}
	}
}
