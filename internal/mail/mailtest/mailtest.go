// Package mailtest runs a real SMTP server (emersion/go-smtp) inside a
// test, with STARTTLS or implicit TLS, AUTH PLAIN and a self-signed
// certificate, so mail code is tested against a server, not a mock.
package mailtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/gpuquote/gpuquote/internal/mail"
)

// The credentials the server accepts.
const (
	User     = "gq"
	Password = "s3cret"
)

// Server is a running SMTP server.
type Server struct {
	mu       sync.Mutex
	received []Received
	reject   bool
	Addr     string
	roots    *x509.CertPool
}

// Received is one accepted message.
type Received struct {
	From, To, User string
	Data           []byte
}

// Options choose how the server speaks.
type Options struct {
	ImplicitTLS bool // TLS from the first byte (smtps)
	NoTLS       bool // offer no STARTTLS at all
}

// Start runs a server until the test ends.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	s := &Server{}
	cert, roots := selfSigned(t)
	s.roots = roots
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{s: s}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 5*time.Second, 5*time.Second
	if o.NoTLS {
		srv.AllowInsecureAuth = true
	} else {
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.ImplicitTLS {
		l = tls.NewListener(l, srv.TLSConfig)
	}
	s.Addr = l.Addr().String()
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// URL is an SMTP_URL for the server with the accepted credentials.
func (s *Server) URL(scheme string) string {
	return scheme + "://" + User + ":" + Password + "@" + s.Addr
}

// Config is a mail.Config for the server that trusts its certificate.
func (s *Server) Config(t testing.TB, scheme string) mail.Config {
	t.Helper()
	c, err := mail.Parse(s.URL(scheme), "gpuquote <buyer@gpuquote.example>")
	if err != nil {
		t.Fatal(err)
	}
	c.TLS = &tls.Config{RootCAs: s.roots, ServerName: "127.0.0.1"}
	c.Timeout = 5 * time.Second
	return c
}

// Reject makes the server answer 451 (try later) to every message.
func (s *Server) Reject(on bool) { s.mu.Lock(); s.reject = on; s.mu.Unlock() }

// Got returns the messages accepted so far.
func (s *Server) Got() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

type session struct {
	s    *Server
	user string
	from string
	to   string
}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }
func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != User || pass != Password {
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
	x.s.received = append(x.s.received, Received{From: x.from, To: x.to, User: x.user, Data: b})
	return nil
}
func (x *session) Reset()        {}
func (x *session) Logout() error { return nil }

func selfSigned(t testing.TB) (tls.Certificate, *x509.CertPool) {
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
