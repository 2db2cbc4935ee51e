// Every SQL statement about answer tokens: for a message in a channel the bot's own token cannot
// reach, the latest interaction that answered it (its webhook edits the message while it lives).
import type { Database, Statement } from 'better-sqlite3';

export interface AnswerToken {
  messageId: string;
  applicationId: string;
  token: string;
  /** When the interaction was answered (ms); its token works 15 minutes from about then. */
  issuedAt: number;
}

interface Row {
  message_id: string;
  application_id: string;
  token: string;
  issued_at: number;
}

export class AnswerTokenStore {
  private readonly save: Statement<[string, string, string, number]>;
  private readonly get: Statement<[string], Row>;

  constructor(db: Database) {
    this.save = db.prepare(
      `INSERT INTO answer_tokens (message_id, application_id, token, issued_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (message_id) DO UPDATE SET application_id = excluded.application_id, token = excluded.token,
         issued_at = excluded.issued_at WHERE excluded.issued_at >= answer_tokens.issued_at`,
    );
    this.get = db.prepare(`SELECT * FROM answer_tokens WHERE message_id = ?`);
  }

  /** Keeps the newer of this token and the one stored for its message. */
  remember(t: AnswerToken): void {
    this.save.run(t.messageId, t.applicationId, t.token, t.issuedAt);
  }

  /** The latest token that answered a message, or undefined when the bot's own token edits it. */
  latest(messageId: string): AnswerToken | undefined {
    const r = this.get.get(messageId);
    return r && { messageId: r.message_id, applicationId: r.application_id, token: r.token, issuedAt: r.issued_at };
  }
}
