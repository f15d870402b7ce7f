interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

/** A failed request: what went wrong and a button to try again. */
export function LoadError({ message, onRetry, retrying }: LoadErrorProps) {
  return (
    <div className="lp-status" role="alert">
      <p>{message}</p>
      <button type="button" className="lp-button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
