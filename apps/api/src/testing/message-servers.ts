import { once } from "node:events";
import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import { createServer as createTcpServer } from "node:net";

/** What a local test server received. */
export type HttpCall = {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
};

/**
 * A local HTTP server on 127.0.0.1 standing in for an outside gateway in tests. `status` can be
 * changed between calls to make it fail.
 */
export async function startHttpServer(initialStatus = 200) {
  const calls: HttpCall[] = [];
  const state = { status: initialStatus };
  const server = createHttpServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    calls.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    res.writeHead(state.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: state.status < 400 }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type SmtpMessage = { from: string; to: string[]; data: string; auth: string | null };

/**
 * Just enough SMTP (RFC 5321) on 127.0.0.1 for nodemailer to hand over a message: EHLO with
 * AUTH PLAIN, MAIL, RCPT, DATA, QUIT. No TLS: the test URL says `ignoreTLS`.
 */
export async function startSmtpServer() {
  const messages: SmtpMessage[] = [];
  const server = createTcpServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current: SmtpMessage = { from: "", to: [], data: "", auth: null };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test.local ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "", auth: current.auth };
          reply("250 queued");
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-test.local\r\n250 AUTH PLAIN\r\n");
        else if (verb === "HELO") reply("250 test.local");
        else if (verb === "AUTH") {
          current.auth = Buffer.from(line.split(" ")[2] ?? "", "base64").toString();
          reply("235 ok");
        } else if (verb === "MAIL") {
          current.from = line.replace(/^MAIL FROM:\s*<?([^>\s]*)>?.*$/i, "$1");
          reply("250 ok");
        } else if (verb === "RCPT") {
          current.to.push(line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, "$1"));
          reply("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 go on");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
          return;
        } else reply("250 ok");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return {
    port,
    messages,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
