import { describe, expect, it } from 'vitest';
import { InteractionLag } from '../../src/chat/interactionLag.js';

describe('InteractionLag', () => {
  it('counts only the lateness beyond the usual age, so a clock seconds ahead of Discord costs nothing', () => {
    const lag = new InteractionLag();
    const ahead = 5000; // our clock is 5 s ahead of Discord's
    expect(lag.beyondUsual(1000, 1000 + ahead + 40)).toBe(0);
    expect(lag.beyondUsual(2000, 2000 + ahead + 60)).toBe(20);
    // One that waited 2 s on a busy socket.
    expect(lag.beyondUsual(3000, 3000 + ahead + 2040)).toBe(2000);
  });

  it('a clock behind Discord gives negative ages, counted the same way', () => {
    const lag = new InteractionLag();
    expect(lag.beyondUsual(10_000, 10_000 - 3000 + 50)).toBe(0);
    expect(lag.beyondUsual(11_000, 11_000 - 3000 + 1550)).toBe(1500);
  });

  it('forgets a usual age after two minutes, so a clock set right is trusted again', () => {
    const lag = new InteractionLag();
    lag.beyondUsual(0, -10_000); // a clock 10 s behind, once
    const now = 200_000;
    expect(lag.beyondUsual(now - 50, now)).toBe(10_050); // still within the window: taken as late
    expect(lag.beyondUsual(now + 70_000 - 50, now + 70_000)).toBe(0); // the next window's smallest
  });
});
