import { Component, type ReactNode } from 'react';

interface SectionBoundaryProps {
  children: ReactNode;
}

interface SectionBoundaryState {
  failed: boolean;
}

/**
 * Keeps a failure in the lower sections (their code could not be downloaded, say) from replacing the
 * whole page: the hero stays, and the visitor gets a message with a way to try again.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { failed: false };

  static getDerivedStateFromError(): SectionBoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container lp-section">
        <div className="lp-status" role="alert">
          <p>This part of the page could not be loaded. Please check your connection and reload the page.</p>
          <button type="button" className="lp-button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </div>
    );
  }
}
