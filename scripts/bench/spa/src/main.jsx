// The seed's architecture (spec §2, §4, §7), as the benchmark's baseline: a client-rendered React
// single-page app. The HTML is an empty <div id="root">; once its JavaScript has run, the home page
// shows a spinner and 'Loading...' and fetches hero, events, programmes, highlights and podcasts
// from the site's /api, then renders the same content, CSS and images as our home page.
import { createRoot } from 'react-dom/client';
import { App } from './app.jsx';
import '../../../../app/globals.css';
import './fonts.css';

createRoot(document.getElementById('root')).render(<App />);
