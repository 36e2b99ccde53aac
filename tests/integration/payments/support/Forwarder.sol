pragma solidity ^0.4.24;

// Sends ETH on from inside a call, as a Safe or an ERC-4337 account does: the deposit address is
// paid by an internal transfer that no block's transaction list shows.
contract Forwarder {
    function forward(address to) public payable {
        to.transfer(msg.value);
    }

    function split(address a, address b) public payable {
        uint256 half = msg.value / 2;
        a.transfer(half);
        b.transfer(msg.value - half);
    }

    function forwardThenFail(address to) public payable {
        to.transfer(msg.value);
        revert();
    }
}
