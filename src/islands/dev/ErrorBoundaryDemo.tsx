import { useState } from 'react';
import { withErrorBoundary } from '../ui/ErrorBoundary';

/** A child that fails while rendering, the kind of error a boundary exists for. */
function Exploding(): never {
  throw new Error('The demo component threw while rendering.');
}

/** The development demo: a button that makes a child throw during render. */
function ErrorBoundaryDemo() {
  const [broken, setBroken] = useState(false);
  return (
    <div className="card stack">
      <p className="muted">
        Press the button to make a child component throw during render. The error boundary catches it and shows its fallback; its reset button renders this island again.
      </p>
      <div>
        <button type="button" className="btn btn-danger" onClick={() => setBroken(true)}>
          Throw an error
        </button>
      </div>
      {broken && <Exploding />}
    </div>
  );
}

export default withErrorBoundary(ErrorBoundaryDemo);
