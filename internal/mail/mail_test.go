package mail_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	gqmail "github.com/gpuquote/gpuquote/internal/mail"
)

// server is a real SMTP server in the test process (emersion/go-smtp),
// with STARTTLS (or implicit TLS) and AUTH PLAIN.
type server struct {
	mu       sync.Mutex
	received []received
	reject   bool // answer 451 to every message
	addr     string
	roots    *x509.CertPool
	srv      *smtp.Server
}

type received struct {
	from, to, user string
	data           []byte
}

type session struct {
	s    *server
	user string
	from string
	to   string
}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }
func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != "gq" || pass != "s3cret" {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "bad credentials"}
		}
		x.user = user
		return nil
	}), nil
}
func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.user == "" {
		return &smtp.SMTPError{Code: 530, Message: "authenticate first"}
	}
	x.from = from
	return nil
}
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error { x.to = to; return nil }
func (x *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	if x.s.reject {
		return &smtp.SMTPError{Code: 451, Message: "try again later"}
	}
	x.s.received = append(x.s.received, received{from: x.from, to: x.to, user: x.user, data: b})
	return nil
}
func (x *session) Reset()        {}
func (x *session) Logout() error { return nil }

func startServer(t *testing.T, implicit, offerTLS bool) *server {
	t.Helper()
	s := &server{}
	cert, roots := selfSigned(t)
	s.roots = roots
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{s: s}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 5*time.Second, 5*time.Second
	if offerTLS {
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	} else {
		srv.AllowInsecureAuth = true
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if implicit {
		l = tls.NewListener(l, srv.TLSConfig)
	}
	s.addr, s.srv = l.Addr().String(), srv
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), DNSNames: []string{"localhost"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(c)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

func (s *server) config(t *testing.T, scheme, query string) gqmail.Config {
	t.Helper()
	c, err := gqmail.Parse(scheme+"://gq:s3cret@"+s.addr+query, "gpuquote <buyer@gpuquote.example>")
	if err != nil {
		t.Fatal(err)
	}
	c.TLS = &tls.Config{RootCAs: s.roots, ServerName: "127.0.0.1"}
	c.Timeout = 5 * time.Second
	return c
}

func (s *server) got() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.received...)
}

func TestSendOverSTARTTLSWithAuth(t *testing.T) {
	t.Parallel()
	s := startServer(t, false, true)
	err := gqmail.NewSender(s.config(t, "smtp", "")).Send(context.Background(),
		gqmail.Message{To: "ann@alpha.example", Subject: "Запрос предложений: GPU", Body: "Hello Ann,\nyour link: https://gq.example/v/TOKEN\n"})
	if err != nil {
		t.Fatal(err)
	}
	got := s.got()
	if len(got) != 1 || got[0].to != "ann@alpha.example" || got[0].from != "buyer@gpuquote.example" || got[0].user != "gq" {
		t.Fatalf("received: %+v", got)
	}
	msg, err := mail.ReadMessage(strings.NewReader(string(got[0].data)))
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
	s := startServer(t, true, true)
	if err := gqmail.NewSender(s.config(t, "smtps", "")).Send(context.Background(), gqmail.Message{To: "b@beta.example", Subject: "s", Body: "b"}); err != nil {
		t.Fatal(err)
	}
	if len(s.got()) != 1 {
		t.Fatal("not received")
	}
}

func TestNoClearTextWhenTheServerOffersNoSTARTTLS(t *testing.T) {
	t.Parallel()
	s := startServer(t, false, false)
	err := gqmail.NewSender(s.config(t, "smtp", "")).Send(context.Background(), gqmail.Message{To: "b@beta.example", Subject: "s", Body: "b"})
	if err == nil || !strings.Contains(err.Error(), "STARTTLS") || len(s.got()) != 0 {
		t.Fatalf("err = %v, received %d: a password must never go out in clear text", err, len(s.got()))
	}
	if _, err := gqmail.Parse("smtp://u:p@"+s.addr+"?tls=none", "a@b.example"); err == nil {
		t.Error("a password with tls=none was accepted")
	}
}

func TestHeaderInjectionRefused(t *testing.T) {
	t.Parallel()
	s := startServer(t, false, true)
	snd := gqmail.NewSender(s.config(t, "smtp", ""))
	for _, m := range []gqmail.Message{{To: "a@b.example\r\nBcc: x@evil.example", Subject: "s"}, {To: "a@b.example", Subject: "s\r\nBcc: x@evil.example"},
		{To: "Ann <a@b.example>", Subject: "s"}} {
		if err := snd.Send(context.Background(), m); !errors.Is(err, gqmail.ErrAddress) {
			t.Errorf("%q: %v", m.To, err)
		}
	}
}
