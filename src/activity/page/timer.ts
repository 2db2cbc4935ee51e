// The turn timer: the time left until the game's own turn deadline (`turnDeadline`, the one the
// server's sweeper forfeits by), counted down on the page once a second. Nothing new runs on the
// server. It counts on the device's clock, as the chat's `<t:…:R>` timestamps do.

/** The one timer ticking: a new board replaces it. */
let ticking: ReturnType<typeof setInterval> | undefined;

/** Below this the timer is marked as running out. */
const LOW_MS = 30_000;

/** "4:59", "1:02:03", "0:00". */
function timeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * The timer for `deadline` (ms since the epoch), labelled `label` for screen readers, ticking until
 * the next board; null, and nothing ticking, when the turn has no deadline.
 */
export function turnTimer(deadline: number | null, label: string): HTMLElement | null {
  clearInterval(ticking);
  if (deadline === null) return null;
  const timer = document.createElement('span');
  // role=timer is not announced as it ticks (its live region is off), unlike the status.
  timer.setAttribute('role', 'timer');
  timer.className = 'timer';
  const said = document.createElement('span');
  said.className = 'sr-only';
  said.textContent = `${label}: `;
  const time = document.createElement('time');
  timer.append(said, hourglass(), time);
  const tick = (): void => {
    const left = deadline - Date.now();
    time.textContent = timeLeft(left);
    timer.classList.toggle('low', left < LOW_MS);
    if (left <= 0) clearInterval(ticking);
  };
  tick();
  ticking = setInterval(tick, 1000);
  return timer;
}

/** An hourglass, drawn (not the ⌛ character: not every device's fonts have it). */
function hourglass(): SVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 12 16');
  svg.setAttribute('class', 'hourglass');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M1 1h10M1 15h10M2 1c0 5 8 5 8 7s-8 2-8 7M10 1c0 5-8 5-8 7s8 2 8 7');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '1.5');
  path.setAttribute('stroke-linecap', 'round');
  svg.append(path);
  return svg;
}
