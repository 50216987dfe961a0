// The home page: the shared module (the language links) and the tables this browser joined.
import "./common.js";
import {showMyTables} from "./mytables.js";

const mine = document.getElementById("my-tables");
if (mine) showMyTables(mine);
