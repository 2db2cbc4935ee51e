// A burst's refused clicks share one look at their board's standing, taken once the winner's board
// has landed; a click refused while that look is already reading gets a look of its own.
import { describe, expect, it } from 'vitest';
import { BoardsInFlight } from '../../src/chat/boardsInFlight.js';
import { type Standing, StandingLooks } from '../../src/chat/standingLooks.js';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A read of the standing that answers when the test says, counting the reads begun. */
function heldReads() {
  const reads: ((standing: Standing) => void)[] = [];
  const read = (): Promise<Standing> => new Promise((resolve) => reads.push(resolve));
  return { reads, read };
}

const standing = (version: number): Standing =>
  ({
    ok: true,
    value: { messageId: 'm', channelId: 'c', version, behind: false },
  }) as Standing;

describe('StandingLooks', () => {
  it('reads once for the clicks that ask while the boards are on their way, and again for one asking later', async () => {
    const boards = new BoardsInFlight();
    const { reads, read } = heldReads();
    const looks = new StandingLooks(boards, read);
    const winner = boards.begin(1);
    const refused = [looks.onceLanded(1), looks.onceLanded(1), looks.onceLanded(1)];
    await tick();
    expect(reads).toHaveLength(0); // the winner's board has not landed
    winner();
    await tick();
    expect(reads).toHaveLength(1);
    // Asked while that read is under way: it may have read before this click was refused.
    const later = looks.onceLanded(1);
    await tick();
    expect(reads).toHaveLength(2);
    reads[0]!(standing(5));
    reads[1]!(standing(6));
    expect(await Promise.all(refused)).toEqual([standing(5), standing(5), standing(5)]);
    expect(await later).toEqual(standing(6));
  });
});
