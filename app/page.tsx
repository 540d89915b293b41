export default function HomePage() {
  return <main><h1>Ìtàn Festival</h1></main>;
}
