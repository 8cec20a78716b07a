// Package mail sends gpuquote's outgoing mail over SMTP and drains the
// outbox the store keeps, with retries and backoff. It uses the standard
// library's net/smtp: it speaks STARTTLS and implicit TLS, and its PLAIN
// authentication refuses to send a password in clear text.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// Config says how to reach the mail server.
type Config struct {
	Host     string
	Port     string
	Username string
	Password string
	From     string // a bare address
	// ImplicitTLS is smtps://: TLS from the first byte. Otherwise the
	// connection is upgraded with STARTTLS, which is required unless
	// Insecure says otherwise.
	ImplicitTLS bool
	Insecure    bool        // smtp://...?tls=none: plain text, for a relay on the same host only
	TLS         *tls.Config // nil: the system's roots, ServerName = Host
	Timeout     time.Duration
}

// Parse reads SMTP_URL and SMTP_FROM: smtp://user:pass@host:587 upgrades
// with STARTTLS (required), smtps://user:pass@host:465 is implicit TLS,
// and smtp://host:25?tls=none is plain text, which refuses a password.
func Parse(rawURL, from string) (Config, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return Config{}, errors.New("mail: SMTP_URL is not a URL like smtp://user:pass@host:587")
	}
	c := Config{Host: u.Hostname(), Port: u.Port(), Timeout: 30 * time.Second}
	switch u.Scheme {
	case "smtp":
		if c.Port == "" {
			c.Port = "587"
		}
	case "smtps":
		c.ImplicitTLS = true
		if c.Port == "" {
			c.Port = "465"
		}
	default:
		return Config{}, fmt.Errorf("mail: SMTP_URL scheme %q: use smtp or smtps", u.Scheme)
	}
	switch q := u.Query().Get("tls"); q {
	case "", "required":
	case "none":
		if c.ImplicitTLS {
			return Config{}, errors.New("mail: smtps:// with tls=none contradicts itself")
		}
		c.Insecure = true
	default:
		return Config{}, fmt.Errorf("mail: SMTP_URL tls=%q: use required or none", q)
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
		if c.Insecure {
			return Config{}, errors.New("mail: a password is never sent without TLS")
		}
	}
	a, err := mail.ParseAddress(from)
	if err != nil {
		return Config{}, errors.New("mail: SMTP_FROM is not an email address")
	}
	c.From = a.Address
	return c, nil
}

// Message is one mail to send, plain text in UTF-8.
type Message struct {
	To      string
	Subject string
	Body    string
}

// ErrAddress refuses a recipient or subject that would inject headers.
var ErrAddress = errors.New("mail: invalid recipient or subject")

// Sender sends mail through one configured server.
type Sender struct{ c Config }

// NewSender returns a Sender for c.
func NewSender(c Config) *Sender { return &Sender{c: c} }

// Send delivers m to the server: one connection per message, bounded by
// the config's timeout and ctx.
func (s *Sender) Send(ctx context.Context, m Message) error {
	to, err := mail.ParseAddress(m.To)
	if err != nil || to.Address != m.To || strings.ContainsAny(m.Subject, "\r\n") {
		return ErrAddress
	}
	raw, err := s.compose(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.c.Timeout)
	defer cancel()
	addr := net.JoinHostPort(s.c.Host, s.c.Port)
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("mail: connect %s: %w", addr, err)
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	tc := s.tlsConfig()
	if s.c.ImplicitTLS {
		t := tls.Client(conn, tc)
		if err := t.HandshakeContext(ctx); err != nil {
			return fmt.Errorf("mail: TLS with %s: %w", addr, err)
		}
		conn = t
	}
	c, err := smtp.NewClient(conn, s.c.Host)
	if err != nil {
		return fmt.Errorf("mail: greeting from %s: %w", addr, err)
	}
	defer c.Close()
	if err := c.Hello(helloName(s.c.From)); err != nil {
		return fmt.Errorf("mail: EHLO: %w", err)
	}
	if !s.c.ImplicitTLS && !s.c.Insecure {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return fmt.Errorf("mail: %s does not offer STARTTLS; refusing to send in clear text", addr)
		}
		if err := c.StartTLS(tc); err != nil {
			return fmt.Errorf("mail: STARTTLS: %w", err)
		}
	}
	if s.c.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.c.Username, s.c.Password, s.c.Host)); err != nil {
			return fmt.Errorf("mail: AUTH: %w", err)
		}
	}
	if err := c.Mail(s.c.From); err != nil {
		return fmt.Errorf("mail: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to.Address); err != nil {
		return fmt.Errorf("mail: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	return c.Quit()
}

func (s *Sender) tlsConfig() *tls.Config {
	if s.c.TLS != nil {
		return s.c.TLS.Clone()
	}
	return &tls.Config{ServerName: s.c.Host, MinVersion: tls.VersionTLS12}
}

func helloName(from string) string {
	if _, domain, ok := strings.Cut(from, "@"); ok && domain != "" {
		return domain
	}
	return "localhost"
}

// compose writes the message: UTF-8 headers encoded per RFC 2047, the body
// quoted-printable with CRLF line ends.
func (s *Sender) compose(m Message) ([]byte, error) {
	var b bytes.Buffer
	h := func(k, v string) { b.WriteString(k + ": " + v + "\r\n") }
	h("From", s.c.From)
	h("To", m.To)
	h("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	h("Date", time.Now().UTC().Format(time.RFC1123Z))
	h("Message-ID", "<"+strings.ToLower(rand.Text())+"@"+helloName(s.c.From)+">")
	h("MIME-Version", "1.0")
	h("Content-Type", "text/plain; charset=utf-8")
	h("Content-Transfer-Encoding", "quoted-printable")
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b)
	body := strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\n", "\r\n")
	if _, err := qp.Write([]byte(body)); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
