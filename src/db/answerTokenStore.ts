// Every SQL statement about answer tokens: for a message in a channel the bot's own token cannot
// reach, the latest interaction that answered it (its webhook edits the message while it lives).
import { Query } from './query.js';
import type { Sql } from './database.js';

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

const SAVE = new Query<[string, string, string, number]>(
  `INSERT INTO answer_tokens (message_id, application_id, token, issued_at) VALUES (?, ?, ?, ?)
   ON CONFLICT (message_id) DO UPDATE SET application_id = excluded.application_id, token = excluded.token,
     issued_at = excluded.issued_at WHERE excluded.issued_at >= answer_tokens.issued_at`,
);
const LATEST = new Query<[string], Row>(`SELECT * FROM answer_tokens WHERE message_id = ?`);
// The row stays, without its token: it still marks the message as one only interactions can
// edit (the bot's own token would get 403 there, which reads as a lost channel).
const ERASE_OLD = new Query<[number]>(`UPDATE answer_tokens SET token = '' WHERE token <> '' AND issued_at <= ?`);
// Nothing edits a finished game's board once it shows the end: the row goes whole. Only games
// outside servers have such rows; those finished lately are read through an index, not every game.
const DROP_ENDED = new Query<[number]>(
  `DELETE FROM answer_tokens WHERE message_id IN (SELECT message_id FROM games
     WHERE status = 'finished' AND guild_id = '' AND finished_at >= ? AND message_id IS NOT NULL
       AND shown_version >= version)`,
);

export class AnswerTokenStore {
  constructor(private readonly sql: Sql) {}

  /** Keeps the newer of this token and the one stored for its message. */
  async remember(t: AnswerToken): Promise<void> {
    await SAVE.run(this.sql, t.messageId, t.applicationId, t.token, t.issuedAt);
  }

  /**
   * Erases the tokens issued at or before `issuedBy` (Discord no longer honours them), and deletes
   * the rows of games finished since `finishedSince` whose board shows the end.
   */
  async forget(issuedBy: number, finishedSince: number): Promise<void> {
    await ERASE_OLD.run(this.sql, issuedBy);
    await DROP_ENDED.run(this.sql, finishedSince);
  }

  /** The latest token that answered a message, or undefined when the bot's own token edits it. */
  async latest(messageId: string): Promise<AnswerToken | undefined> {
    const r = await LATEST.get(this.sql, messageId);
    return r && { messageId: r.message_id, applicationId: r.application_id, token: r.token, issuedAt: r.issued_at };
  }
}
