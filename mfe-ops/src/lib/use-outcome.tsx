import { useCallback, useState } from 'react';
import { Alert } from 'antd';

/**
 * An action's outcome on a console page: run(fn) marks the page busy, then shows the sentence fn
 * returns (role=status) or the api's message if it failed (role=alert).
 */
export function useOutcome() {
  const [msg, setMsg] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (fn: () => Promise<string | void>) => {
    setBusy(true);
    setMsg(null);
    try {
      const text = await fn();
      if (text) setMsg({ type: 'success', text });
    } catch (err) {
      setMsg({ type: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }, []);
  const notice = msg ? (
    <Alert
      type={msg.type}
      showIcon
      title={msg.text}
      className="ops-gap"
      role={msg.type === 'error' ? 'alert' : 'status'}
    />
  ) : null;
  return { run, busy, notice };
}
