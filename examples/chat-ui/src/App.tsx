import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useState, type FormEvent } from "react";

/** What the server's `data-sourcewise` part carries. */
interface Meta {
  verdict: "strong" | "weak" | "clarify" | null;
  strategy: string;
  clarifying_questions: string[];
  standalone_question: string;
}
/** What a `source-document` part carries in `providerMetadata.sourcewise`. */
interface Cited {
  n: number;
  uri: string;
  source: string;
  section: string | null;
  page_start: number | null;
  page_end: number | null;
  relevance: number;
  snippet: string;
}
type ChatMessage = UIMessage<unknown, { sourcewise: Meta }>;

const transport = new DefaultChatTransport<ChatMessage>({ api: "/api/chat" });

const pages = (c: Cited) =>
  c.page_start === null
    ? ""
    : c.page_end !== null && c.page_end !== c.page_start
      ? `pp. ${c.page_start}–${c.page_end}`
      : `p. ${c.page_start}`;

function citationsOf(message: ChatMessage) {
  return message.parts.flatMap((p) =>
    p.type === "source-document"
      ? [{ id: p.sourceId, filename: p.filename ?? p.title, cited: p.providerMetadata?.sourcewise as unknown as Cited }]
      : [],
  );
}

/** The answer text with each `[n]` as a link to its citation. */
function AnswerText({ text, onCite }: { text: string; onCite: (n: number) => void }) {
  const pieces = text.split(/(\[\d+\])/);
  return (
    <div className="answer-text">
      {pieces.map((piece, i) => {
        const m = /^\[(\d+)\]$/.exec(piece);
        return m ? (
          <button key={i} className="cite-marker" onClick={() => onCite(Number(m[1]))}>
            {piece}
          </button>
        ) : (
          <span key={i}>{piece}</span>
        );
      })}
    </div>
  );
}

function Assistant({ message, onAsk }: { message: ChatMessage; onAsk: (q: string) => void }) {
  const [open, setOpen] = useState<number | null>(null);
  const text = message.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
  const meta = message.parts.find((p) => p.type === "data-sourcewise")?.data as Meta | undefined;
  const citations = citationsOf(message);
  return (
    <article className="message assistant" data-testid="assistant">
      {meta?.verdict && (
        <span className={`verdict verdict-${meta.verdict}`} data-testid="verdict" title={meta.strategy}>
          {meta.verdict === "strong" ? "Well supported" : meta.verdict === "weak" ? "Working theory" : "Needs clarification"}
        </span>
      )}
      <AnswerText text={meta?.verdict === "clarify" ? (text.split("\n")[0] ?? text) : text} onCite={setOpen} />
      {meta?.clarifying_questions.length ? (
        <div className="suggestions">
          {meta.clarifying_questions.map((q) => (
            <button key={q} className="suggestion" onClick={() => onAsk(q)}>
              {q}
            </button>
          ))}
        </div>
      ) : null}
      {citations.length > 0 && (
        <ol className="citations" data-testid="citations">
          {citations.map(({ id, filename, cited }) => (
            <li key={id} className={open === cited.n ? "citation open" : "citation"}>
              <button className="citation-head" onClick={() => setOpen(open === cited.n ? null : cited.n)}>
                <span className="n">[{cited.n}]</span>
                <span className="file">{filename}</span>
                {cited.section && <span className="section">{cited.section}</span>}
                {pages(cited) && <span className="page">{pages(cited)}</span>}
                <span className="relevance">{Math.round(cited.relevance * 100)}% relevance</span>
              </button>
              {open === cited.n && (
                <blockquote className="snippet" data-testid="snippet">
                  {cited.snippet}
                  <div className="uri">
                    {cited.source} · {cited.uri}
                  </div>
                </blockquote>
              )}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

export function App() {
  const [input, setInput] = useState("");
  const { messages, sendMessage, status, error } = useChat<ChatMessage>({ transport });
  const busy = status === "submitted" || status === "streaming";
  const ask = (text: string) => {
    if (!text.trim() || busy) return;
    void sendMessage({ text });
    setInput("");
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(input);
  };
  return (
    <main>
      <header>
        <h1>sourcewise</h1>
        <p>Answers from your documents, with exact citations.</p>
      </header>
      <section className="thread">
        {messages.map((m) =>
          m.role === "user" ? (
            <article key={m.id} className="message user">
              {m.parts.map((p) => (p.type === "text" ? p.text : "")).join("")}
            </article>
          ) : (
            <Assistant key={m.id} message={m} onAsk={ask} />
          ),
        )}
        {status === "submitted" && <p className="status">Searching the sources…</p>}
        {error && <p className="error">{error.message}</p>}
      </section>
      <form onSubmit={submit}>
        <textarea
          aria-label="Question"
          placeholder="Ask a question about the indexed documents"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) submit(e);
          }}
        />
        <button type="submit" disabled={busy || !input.trim()}>
          Ask
        </button>
      </form>
    </main>
  );
}
