export function App() {
  return <h1>Khela</h1>;
}
