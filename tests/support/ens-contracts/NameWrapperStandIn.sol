// Stands in for ENS's NameWrapper where the resolution path touches it: a wrapped name is owned
// in the registry by the wrapper, and its holder is the ERC-1155 owner of the token whose id is
// the name's namehash (`ownerOf(uint256)`).
pragma solidity ^0.4.24;

contract NameWrapperStandIn {
  address public admin;
  mapping(uint256 => address) private holders;

  constructor() public {
    admin = msg.sender;
  }

  function setHolder(uint256 id, address holder) public {
    require(msg.sender == admin);
    holders[id] = holder;
  }

  function ownerOf(uint256 id) public view returns (address) {
    return holders[id];
  }
}
