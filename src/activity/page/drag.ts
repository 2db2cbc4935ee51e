// Dragging a pawn to a highlighted target, with pointer events, so a mouse, a pen and a finger
// work alike. A press that moves less than a few pixels stays a click (the board's click path:
// pick the pawn, then its target); past that it picks the pawn up, its targets light up, and a
// copy of the pawn follows the pointer until it is let go over a target (or anywhere else, which
// drops nothing).

interface DragHooks {
  /** The square a press on `element` picks up (0 for the start tray), or null where nothing may move. */
  pickable(element: Element): number | null;
  /** Picks up the pawn on `from`, so its targets are shown. */
  pick(from: number): void;
  /** The target square `element` stands for (31 for the off tray), or null. */
  target(element: Element): number | null;
  /** Moves the pawn picked up to `to`. */
  drop(to: number): void;
}

/** How far (CSS pixels) a press moves before it is a drag: a tap that wobbles is still a tap. */
const DRAG_DISTANCE = 8;

interface Press {
  pointerId: number;
  x: number;
  y: number;
  from: number;
  /** The pawn's picture, copied to follow the pointer once the press is a drag. */
  image: Element | null;
  ghost: HTMLElement | null;
}

/** Makes the pawns under `root` draggable (once per root: the board is drawn into it again and again). */
export function enableDrag(root: HTMLElement, hooks: DragHooks): void {
  let press: Press | null = null;
  let swallowClick = false;

  const targetAt = (x: number, y: number): Element | null => {
    const under = document.elementFromPoint(x, y);
    return under && hooks.target(under) !== null ? under.closest('[data-square]') : null;
  };

  root.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0 || !(event.target instanceof Element)) return;
    const from = hooks.pickable(event.target);
    if (from === null) return;
    // A touch is captured by the element it began on; the pawn is followed over the whole page instead.
    if (event.target.hasPointerCapture(event.pointerId)) event.target.releasePointerCapture(event.pointerId);
    const image = event.target.closest('[data-square]')?.querySelector('.pawn') ?? null;
    press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, from, image, ghost: null };
  });

  window.addEventListener('pointermove', (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_DISTANCE) return;
      press.ghost = ghostOf(press.image);
      hooks.pick(press.from);
    }
    press.ghost.style.left = `${event.clientX}px`;
    press.ghost.style.top = `${event.clientY}px`;
    const over = targetAt(event.clientX, event.clientY);
    for (const element of root.querySelectorAll('.drop-over'))
      if (element !== over) element.classList.remove('drop-over');
    over?.classList.add('drop-over');
  });

  const end = (event: PointerEvent): void => {
    if (!press || event.pointerId !== press.pointerId) return;
    const { ghost } = press;
    press = null;
    // A press that never became a drag is a click, and the click handles it.
    if (!ghost) return;
    ghost.remove();
    // The click that follows the release is the drag's, not a pick of what lies under it.
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
    if (event.type === 'pointercancel') return;
    const over = targetAt(event.clientX, event.clientY);
    const to = over ? hooks.target(over) : null;
    if (to !== null) hooks.drop(to);
  };
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  root.addEventListener(
    'click',
    (event) => {
      if (!swallowClick) return;
      event.stopPropagation();
      event.preventDefault();
    },
    true,
  );
}

/** A copy of the pawn's picture that follows the pointer (it lets the pointer through to what is below). */
function ghostOf(image: Element | null): HTMLElement {
  const ghost = document.createElement('div');
  ghost.className = 'drag-ghost';
  ghost.setAttribute('aria-hidden', 'true');
  if (image) {
    const { width, height } = image.getBoundingClientRect();
    ghost.style.width = `${width}px`;
    ghost.style.height = `${height}px`;
    ghost.append(image.cloneNode(true));
  }
  document.body.append(ghost);
  return ghost;
}
