// An order number as the seller reads, copies and reads out to support: whole on one line, never
// broken between digits, with a Copy button beside it (the button goes under it when both do not fit).
import { useId, useRef, useState } from 'react';

export function OrderNumber({ orderNo }: { orderNo: string }) {
  const id = useId();
  const text = useRef<HTMLSpanElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(orderNo);
      setSaid('Order number copied.');
    } catch {
      // No clipboard here (an older browser, a refused permission): select it for a long-press copy.
      const range = document.createRange();
      if (text.current) range.selectNodeContents(text.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setSaid('Selected: copy it from there.');
    }
  };
  return (
    <span className="acc-orderno">
      <span ref={text} id={`${id}-no`} className="acc-code acc-nowrap" data-testid="order-number">
        {orderNo}
      </span>
      <button type="button" className="acc-link-btn acc-orderno__copy" onClick={() => void copy()}>
        Copy
      </button>
      <span className="acc-muted" aria-live="polite">
        {said}
      </span>
    </span>
  );
}
