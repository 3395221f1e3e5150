package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"meldpad/db/dbtest"
)

// nginxBinary is Debian's nginx.
const nginxBinary = "/usr/sbin/nginx"

// serveLogged starts meldpad in a child process, as serveKillable does,
// keeping its log for the test to read.
func serveLogged(t *testing.T, args ...string) (base string, log *lockedBuffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+strings.Join(append([]string{"-addr", "127.0.0.1:0"}, args...), "\n"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	log = &lockedBuffer{}
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		log.Write([]byte(lines.Text() + "\n"))
		if m := listeningRe.FindStringSubmatch(lines.Text()); m != nil {
			go func() { _, _ = io.Copy(log, out) }()
			return "http://" + m[1], log
		}
	}
	t.Fatalf("the serving meldpad never said where it listens:\n%s", log.String())
	return "", nil
}

// selfSigned writes a certificate for name and its key into dir.
func selfSigned(t *testing.T, dir, name string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name}, DNSNames: []string{name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "fullchain.pem"), filepath.Join(dir, "privkey.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// startNginx runs nginx as this user with docs/nginx.conf, changed only
// in its ports and paths: the upstreams become servers, the listening
// ports httpsAddr and httpAddr, the certificate the test's. Its pid, log
// and temporary files are in a folder of the test's.
func startNginx(t *testing.T, servers [2]string, httpsAddr, httpAddr string) (pool *x509.CertPool, errorLog string) {
	t.Helper()
	dir := t.TempDir()
	conf, err := os.ReadFile("../../docs/nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile, pool := selfSigned(t, dir, "meldpad.example")
	site := string(conf)
	for _, r := range [][2]string{
		{"server 127.0.0.1:8080 ", "server " + servers[0] + " "},
		{"server 127.0.0.1:8081 ", "server " + servers[1] + " "},
		{"listen 443 ssl", "listen " + httpsAddr + " ssl"},
		{"listen 80;", "listen " + httpAddr + ";"},
		{"/etc/ssl/meldpad/fullchain.pem", certFile},
		{"/etc/ssl/meldpad/privkey.pem", keyFile},
	} {
		if !strings.Contains(site, r[0]) {
			t.Fatalf("docs/nginx.conf no longer has %q, which the test changes", r[0])
		}
		site = strings.Replace(site, r[0], r[1], 1)
	}
	if err := os.WriteFile(filepath.Join(dir, "meldpad.conf"), []byte(site), 0o600); err != nil {
		t.Fatal(err)
	}
	user := ""
	if os.Geteuid() == 0 {
		user = "user root root;" // workers as this user, who owns the folder
	}
	errorLog = filepath.Join(dir, "error.log")
	main := fmt.Sprintf(`%s
pid %[2]s/nginx.pid;
error_log %[2]s/error.log info;
worker_processes 1;
events { worker_connections 512; }
http {
	access_log %[2]s/access.log;
	client_body_temp_path %[2]s/body;
	proxy_temp_path %[2]s/proxy;
	fastcgi_temp_path %[2]s/fastcgi;
	uwsgi_temp_path %[2]s/uwsgi;
	scgi_temp_path %[2]s/scgi;
	include %[2]s/meldpad.conf;
}
`, user, dir)
	mainConf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(mainConf, []byte(main), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(nginxBinary, "-t", "-p", dir, "-c", mainConf).CombinedOutput(); err != nil {
		t.Fatalf("nginx -t: %v\n%s", err, out)
	}
	cmd := exec.Command(nginxBinary, "-p", dir, "-c", mainConf, "-g", "daemon off;")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() })
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", httpsAddr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(end) {
			errs, _ := os.ReadFile(errorLog)
			t.Fatalf("nginx did not listen on %s:\n%s", httpsAddr, errs)
		}
	}
	return pool, errorLog
}

// phoneClient is a browser on clientIP reaching the proxy at proxyAddr as
// https://meldpad.example: it keeps cookies and does not follow
// redirects.
func phoneClient(clientIP, proxyAddr string, pool *x509.CertPool) *http.Client {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(clientIP)}, Timeout: 5 * time.Second}
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{
			DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
				return dialer.DialContext(ctx, network, proxyAddr)
			},
			TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "meldpad.example"},
		}}
}

var clientRe = regexp.MustCompile(`client=(\S+)`)

// scraperIP is where the test reads the servers' metrics from: not the
// proxy's address, to which a server never serves them.
const scraperIP = "127.0.0.9"

// streamsOpen reads meldpad_live_streams_open on a server, asked
// directly from scraperIP.
func streamsOpen(t *testing.T, base string) float64 {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(scraperIP)}}
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DialContext: dialer.DialContext}}
	resp, err := client.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("metrics of %s: %d %s", base, resp.StatusCode, body)
	}
	m := regexp.MustCompile(`(?m)^meldpad_live_streams_open (\S+)$`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("no meldpad_live_streams_open in the metrics of %s", base)
	}
	n, _ := strconv.ParseFloat(string(m[1]), 64)
	return n
}

// proxiedServers starts two meldpad servers on the test PostgreSQL,
// trusting a proxy on 127.0.0.1, with metrics readable from scraperIP.
func proxiedServers(t *testing.T) (bases [2]string, logs [2]*lockedBuffer) {
	t.Helper()
	dsn := dbtest.Database(t)
	args := []string{"-db", dsn, "-trusted-proxies", "127.0.0.1", "-base-url", "https://meldpad.example",
		"-metrics", "on", "-metrics-allow", scraperIP, "-shutdown-grace", "0s"}
	for i := range bases {
		bases[i], logs[i] = serveLogged(t, args...)
	}
	return bases, logs
}

// TestNginxInFrontOfTwoServers runs Debian's nginx with docs/nginx.conf
// in front of two meldpad servers on one PostgreSQL database, as the
// README's proxy set-up has it, and checks it (checkProxy).
func TestNginxInFrontOfTwoServers(t *testing.T) {
	if _, err := os.Stat(nginxBinary); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set and %s is missing: .ci/run installs nginx", nginxBinary)
		}
		t.Skipf("needs Debian's nginx (%s): apt-get install nginx", nginxBinary)
	}
	bases, logs := proxiedServers(t)
	httpsAddr, httpAddr := freeAddr(t), freeAddr(t)
	pool, errorLog := startNginx(t, [2]string{strings.TrimPrefix(bases[0], "http://"), strings.TrimPrefix(bases[1], "http://")}, httpsAddr, httpAddr)
	t.Cleanup(func() {
		if t.Failed() {
			errs, _ := os.ReadFile(errorLog)
			t.Logf("nginx's error log:\n%s", errs)
		}
	})
	checkProxy(t, httpsAddr, httpAddr, pool, bases, logs)
}

// TestCaddyInFrontOfTwoServers is TestNginxInFrontOfTwoServers with
// Debian's Caddy and docs/Caddyfile.
func TestCaddyInFrontOfTwoServers(t *testing.T) {
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set and caddy is missing: .ci/run installs it")
		}
		t.Skip("needs Debian's caddy: apt-get install caddy")
	}
	bases, logs := proxiedServers(t)
	httpsAddr, httpAddr := freeAddr(t), freeAddr(t)
	pool := startCaddy(t, caddy, [2]string{strings.TrimPrefix(bases[0], "http://"), strings.TrimPrefix(bases[1], "http://")}, httpsAddr, httpAddr)
	checkProxy(t, httpsAddr, httpAddr, pool, bases, logs)
}

// startCaddy runs caddy with docs/Caddyfile, changed only in its ports
// and paths: the upstreams become servers, the certificate the test's
// own (its tls line uncommented), and the ports those of a global
// options block the test puts first, with Caddy's state in a folder of
// the test's.
func startCaddy(t *testing.T, caddy string, servers [2]string, httpsAddr, httpAddr string) *x509.CertPool {
	t.Helper()
	dir := t.TempDir()
	conf, err := os.ReadFile("../../docs/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile, pool := selfSigned(t, dir, "meldpad.example")
	site := string(conf)
	for _, r := range [][2]string{
		{"reverse_proxy 127.0.0.1:8080 127.0.0.1:8081 {", "reverse_proxy " + servers[0] + " " + servers[1] + " {"},
		{"# tls /etc/ssl/meldpad/fullchain.pem /etc/ssl/meldpad/privkey.pem", "tls " + certFile + " " + keyFile},
	} {
		if !strings.Contains(site, r[0]) {
			t.Fatalf("docs/Caddyfile no longer has %q, which the test changes", r[0])
		}
		site = strings.Replace(site, r[0], r[1], 1)
	}
	_, httpsPort, _ := net.SplitHostPort(httpsAddr)
	_, httpPort, _ := net.SplitHostPort(httpAddr)
	global := fmt.Sprintf("{\n\tadmin off\n\thttps_port %s\n\thttp_port %s\n\tskip_install_trust\n\tdefault_bind 127.0.0.1\n\tstorage file_system %s\n}\n\n", httpsPort, httpPort, filepath.Join(dir, "data"))
	file := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(file, []byte(global+site), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(caddy, "run", "--config", file, "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "HOME="+dir)
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill() // a graceful stop waits for its connections, up to a minute
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("caddy's log:\n%s", lastLines([]byte(out.String()), 30))
		}
	})
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", httpsAddr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(end) {
			t.Fatalf("caddy did not listen on %s:\n%s", httpsAddr, out.String())
		}
	}
	return pool
}

// checkProxy checks a proxy on httpsAddr (and httpAddr for plain HTTP)
// in front of the two servers, through it, over HTTPS: a save made on
// one server reaches a phone whose live-update stream is held by the
// other within a second; the servers see and log the phone's address,
// not the proxy's; the scheme is believed (Secure cookies, HSTS); plain
// HTTP is sent to HTTPS; /metrics is not served through it.
func checkProxy(t *testing.T, httpsAddr, httpAddr string, pool *x509.CertPool, bases [2]string, logs [2]*lockedBuffer) {
	t.Helper()
	baseA, baseB := bases[0], bases[1]
	logA, logB := logs[0], logs[1]
	const phoneIP = "127.0.0.5"
	proxy := "https://meldpad.example"
	client := phoneClient(phoneIP, httpsAddr, pool)

	// Plain HTTP is sent to HTTPS.
	resp, err := phoneClient(phoneIP, httpAddr, nil).Get("http://meldpad.example/games/new")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode/100 != 3 || !strings.HasPrefix(loc, proxy) || !strings.HasSuffix(loc, "/games/new") {
		t.Errorf("plain HTTP: %d to %q, want a redirect to %s/games/new", resp.StatusCode, loc, proxy)
	}

	// A phone starts a game through the proxy, over HTTPS: the servers
	// believe the proxy's X-Forwarded-Proto.
	p := &phone{base: proxy, client: client}
	resp, err = client.Get(proxy + "/games/new?game=points")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if hsts := resp.Header.Get("Strict-Transport-Security"); hsts == "" {
		t.Errorf("no HSTS through the HTTPS proxy")
	}
	for _, c := range resp.Cookies() {
		if !c.Secure {
			t.Errorf("cookie %s not Secure through the HTTPS proxy", c.Name)
		}
	}
	// An open game by points, which takes the phone's rounds of 0 and 0
	// (P2) and never ends (P3).
	form, err := p.form("/games/new?game=points")
	if err != nil {
		t.Fatal(err)
	}
	form["players"] = []string{"Ann", "Bob"}
	form["name"], form["end"], form["wins"] = []string{"Tally"}, []string{"open"}, []string{"highest"}
	resp, err = client.PostForm(proxy+"/games", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if p.game = resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(p.game, "/g/") {
		t.Fatalf("start a game through the proxy: %d %q", resp.StatusCode, p.game)
	}

	// The phone's live-update stream, through the proxy, lands on one
	// of the two servers: the metrics, asked of each directly, say which.
	s := openStream(t, client, proxy, p.game)
	holder, other := "", ""
	for end := time.Now().Add(3 * time.Second); holder == "" && time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		switch {
		case streamsOpen(t, baseA) == 1:
			holder, other = baseA, baseB
		case streamsOpen(t, baseB) == 1:
			holder, other = baseB, baseA
		}
	}
	if holder == "" {
		t.Fatal("neither server holds the stream")
	}
	logOf := map[string]*lockedBuffer{baseA: logA, baseB: logB}

	// Saves through the proxy until one is made by the other server
	// (the proxy takes turns): it reaches the phone through PostgreSQL.
	var delay time.Duration
	for try := 0; delay == 0; try++ {
		if try == 6 {
			t.Fatalf("six saves through the proxy, none on the server without the stream (%s)", other)
		}
		before := requestCount(logOf[other], "POST", p.game+"/hands")
		beforeHolder := requestCount(logOf[holder], "POST", p.game+"/hands")
		sent := time.Now()
		if err := p.record(); err != nil {
			t.Fatal(err)
		}
		// A server's log reaches the test through a pipe, after its
		// answer reached the phone: wait until one of the two logs has
		// the post before deciding which server saved it.
		onOther := false
		for end := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			if requestCount(logOf[other], "POST", p.game+"/hands") > before {
				onOther = true
				break
			}
			if requestCount(logOf[holder], "POST", p.game+"/hands") > beforeHolder || time.Now().After(end) {
				break
			}
		}
		if !onOther {
			// The holder saved it. A save is two requests (its form,
			// then the post), and the proxy takes turns: one more
			// request sends the next post to the other server.
			if resp, err := client.Get(proxy + "/healthz"); err == nil {
				resp.Body.Close()
			}
			continue
		}
		for delay == 0 {
			if events, _, _ := s.since(sent); events > 0 {
				delay = time.Since(sent)
				break
			}
			if time.Since(sent) > time.Second {
				t.Fatalf("a save on the other server did not reach the phone's stream within 1s")
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	t.Logf("a save through the proxy on one server reached the stream held by the other %s after it was sent", delay.Round(time.Millisecond))

	// Both servers saw the phone's address, never the proxy's, in every
	// request the proxy passed on.
	var lines int
	for base, log := range logOf {
		for _, line := range strings.Split(log.String(), "\n") {
			if !strings.Contains(line, "msg=request") || strings.Contains(line, "uri=/metrics") {
				continue
			}
			lines++
			if m := clientRe.FindStringSubmatch(line); m == nil || m[1] != phoneIP {
				t.Errorf("%s logged a request through the proxy as from %v, want %s: %s", base, m, phoneIP, line)
			}
		}
	}
	if lines == 0 {
		t.Error("no request logged")
	}

	// Metrics are not served through the proxy.
	resp, err = client.Get(proxy + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK || strings.Contains(string(body), "meldpad_") {
		t.Errorf("/metrics through the proxy: %d", resp.StatusCode)
	}
}

// requestCount counts the log lines of a request, by method and path.
func requestCount(log *lockedBuffer, method, path string) int {
	return strings.Count(log.String(), `msg=request method=`+method+` uri=`+path+` `)
}
