export function LandingPage() {
  return <h1>Digital Project Planner</h1>;
}
