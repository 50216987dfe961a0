// The home page needs only the shared module (the language links).
import "./common.js";
